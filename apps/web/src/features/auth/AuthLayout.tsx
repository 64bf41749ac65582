/**
 * Frame of the public account screens: a brand panel on wide screens, a top bar with the data-centre
 * picker and the language switch, the page's card, and the cookie banner at the bottom.
 */
import type { ReactNode } from 'react';
import { Flex, Grid, Typography, theme } from 'antd';
import { AlertOutlined, DashboardOutlined, DesktopOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { CookieBanner } from '../../components/CookieBanner';
import { DataCenterPicker } from '../../components/DataCenterPicker';
import { LanguageSwitch } from '../../components/LanguageSwitch';

export interface AuthLayoutProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Show the data-centre picker in the top bar (login and register). */
  dataCenter?: boolean;
  /** Card width in pixels. */
  width?: number;
  footer?: ReactNode;
  children: ReactNode;
}

/** Product mark: a stylised HMI panel drawn in the theme's colours. */
export function ProductMark({ size = 40, inverse = false }: { size?: number; inverse?: boolean }) {
  const { token } = theme.useToken();
  const frame = inverse ? token.colorWhite : token.colorPrimary;
  const screen = inverse ? token.colorPrimary : token.colorWhite;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" style={{ flex: 'none' }}>
      <rect x="2" y="5" width="36" height="26" rx="4" fill={frame} />
      <rect x="6" y="9" width="28" height="18" rx="2" fill={screen} />
      <polyline
        points="9,22 15,17 20,20 26,13 31,16"
        fill="none"
        stroke={frame}
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="15" y="32" width="10" height="3" rx="1.5" fill={frame} />
    </svg>
  );
}

/** The brand panel's share of a wide window; the cookie banner docks inside it. */
const BRAND_WIDTH = 'min(40vw, 560px)';

function BrandPanel() {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const features = [
    { key: 'monitor', icon: <DashboardOutlined /> },
    { key: 'alarm', icon: <AlertOutlined /> },
    { key: 'remote', icon: <DesktopOutlined /> },
  ] as const;
  return (
    <Flex
      vertical
      justify="space-between"
      style={{
        flex: `0 0 ${BRAND_WIDTH}`,
        padding: token.paddingXL * 2,
        color: token.colorTextLightSolid,
        background: `linear-gradient(160deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 100%)`,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      {/* A faint grid evoking an engineering drawing. */}
      <svg
        aria-hidden="true"
        width="100%"
        height="100%"
        style={{ position: 'absolute', inset: 0, opacity: 0.08, pointerEvents: 'none' }}
      >
        <defs>
          <pattern id="auth-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M 32 0 L 0 0 0 32" fill="none" stroke={token.colorWhite} strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#auth-grid)" />
      </svg>
      <Flex align="center" gap={token.marginSM} style={{ position: 'relative' }}>
        <ProductMark inverse />
        <Typography.Title level={3} style={{ color: 'inherit', margin: 0 }}>
          {t('common:productName')}
        </Typography.Title>
      </Flex>
      <div style={{ position: 'relative' }}>
        <Typography.Title level={2} style={{ color: 'inherit', marginTop: 0 }}>
          {t('productTagline')}
        </Typography.Title>
        <Flex vertical gap={token.marginMD} style={{ marginTop: token.marginXL }}>
          {features.map(({ key, icon }) => (
            <Flex key={key} align="center" gap={token.marginSM} style={{ fontSize: token.fontSizeLG }}>
              <span
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: 36,
                  height: 36,
                  borderRadius: token.borderRadius,
                  background: 'rgba(255,255,255,0.16)',
                }}
              >
                {icon}
              </span>
              {t(`features.${key}`)}
            </Flex>
          ))}
        </Flex>
      </div>
      <span />
    </Flex>
  );
}

export function AuthLayout({ title, subtitle, dataCenter, width = 420, footer, children }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex style={{ flex: 1 }}>
        {wide && <BrandPanel />}
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Flex
            align="center"
            justify="space-between"
            gap={token.marginSM}
            style={{ padding: `${token.paddingMD}px ${token.paddingLG}px` }}
          >
            <span>
              {!wide && (
                <Flex align="center" gap={token.marginXS}>
                  <ProductMark size={28} />
                  {screens.sm && (
                    <Typography.Text strong style={{ fontSize: token.fontSizeLG, whiteSpace: 'nowrap' }}>
                      {t('common:productName')}
                    </Typography.Text>
                  )}
                </Flex>
              )}
            </span>
            <Flex align="center" gap={token.marginXS}>
              {dataCenter && <DataCenterPicker />}
              <LanguageSwitch />
            </Flex>
          </Flex>
          <Flex
            vertical
            align="center"
            justify="center"
            style={{ flex: 1, padding: `${token.paddingLG}px ${token.padding}px ${token.paddingXL * 3}px` }}
          >
            {/* A card drawn with the theme's card tokens: antd's Card brings Tabs and Skeleton along,
                a sixth of the login page's code. */}
            <section
              style={{
                width: '100%',
                maxWidth: width,
                boxSizing: 'border-box',
                padding: token.paddingXL,
                background: token.colorBgContainer,
                border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                boxShadow: token.boxShadowTertiary,
              }}
            >
              {title && (
                <Typography.Title
                  level={3}
                  style={{ marginTop: 0, marginBottom: subtitle ? token.marginXS : token.marginLG }}
                >
                  {title}
                </Typography.Title>
              )}
              {subtitle && (
                <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginLG }}>
                  {subtitle}
                </Typography.Paragraph>
              )}
              {children}
            </section>
            {footer && (
              <div
                style={{ marginTop: token.marginLG, textAlign: 'center', color: token.colorTextSecondary }}
              >
                {footer}
              </div>
            )}
          </Flex>
        </Flex>
      </Flex>
      {wide ? <CookieBanner dock="brand" width={BRAND_WIDTH} /> : <CookieBanner dock="page" />}
    </Flex>
  );
}
