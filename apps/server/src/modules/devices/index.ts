/** The face of the devices module: what the app and other modules may use of it. */
export { checkHardware, registerHardware, resetHardwareSecret, type HardwareInput } from './hardware';
export { installDevices } from './install';
export {
  openBrokerLink,
  registerDevice,
  reissueDeviceSecret,
  revokeDevice,
  type BrokerLink,
} from './provisioning';
export { displayPath, type DeviceService } from './service';
