import { Grid } from 'antd';

/** Below antd's `md` breakpoint (768 px): a phone, or a window as narrow as one. */
export const usePhone = (): boolean => Grid.useBreakpoint().md === false;
