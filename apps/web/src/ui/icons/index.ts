/**
 * The icons of the console; only this folder imports '@ant-design/icons' (a lint rule keeps it so).
 *
 * antd's icons render `<span role="img" aria-label="search">`: the English icon name becomes part of
 * every button's accessible name ("plus 绑定设备") in every locale. These are decorative (hidden from
 * assistive technology) unless the caller passes a translated `aria-label`; a button showing only an
 * icon carries its translated name on the button itself.
 *
 * One file per icon, and `sideEffects: false` in this folder's package.json, so that each page's
 * chunk keeps only the icons it shows: one module (or a barrel the bundler must evaluate whole) put
 * every icon in the first screen's chunk, 11 kB gzipped more for /login.
 */
export { decorative, type IconComponent } from './decorative';
export { AccountBookOutlined } from './AccountBookOutlined';
export { AlertOutlined } from './AlertOutlined';
export { ArrowDownOutlined } from './ArrowDownOutlined';
export { ArrowLeftOutlined } from './ArrowLeftOutlined';
export { ArrowUpOutlined } from './ArrowUpOutlined';
export { BellOutlined } from './BellOutlined';
export { CheckCircleFilled } from './CheckCircleFilled';
export { CheckCircleOutlined } from './CheckCircleOutlined';
export { CheckOutlined } from './CheckOutlined';
export { CloseCircleFilled } from './CloseCircleFilled';
export { CloseOutlined } from './CloseOutlined';
export { CloudServerOutlined } from './CloudServerOutlined';
export { CompressOutlined } from './CompressOutlined';
export { DashboardOutlined } from './DashboardOutlined';
export { DeleteOutlined } from './DeleteOutlined';
export { DesktopOutlined } from './DesktopOutlined';
export { DisconnectOutlined } from './DisconnectOutlined';
export { DownOutlined } from './DownOutlined';
export { DownloadOutlined } from './DownloadOutlined';
export { DragOutlined } from './DragOutlined';
export { EditOutlined } from './EditOutlined';
export { ExpandOutlined } from './ExpandOutlined';
export { ExportOutlined } from './ExportOutlined';
export { EyeInvisibleOutlined } from './EyeInvisibleOutlined';
export { EyeOutlined } from './EyeOutlined';
export { FolderAddOutlined } from './FolderAddOutlined';
export { FolderOutlined } from './FolderOutlined';
export { FundProjectionScreenOutlined } from './FundProjectionScreenOutlined';
export { FullscreenExitOutlined } from './FullscreenExitOutlined';
export { FullscreenOutlined } from './FullscreenOutlined';
export { GlobalOutlined } from './GlobalOutlined';
export { HistoryOutlined } from './HistoryOutlined';
export { InboxOutlined } from './InboxOutlined';
export { LoadingOutlined } from './LoadingOutlined';
export { LockOutlined } from './LockOutlined';
export { LogoutOutlined } from './LogoutOutlined';
export { MailOutlined } from './MailOutlined';
export { MenuFoldOutlined } from './MenuFoldOutlined';
export { MenuUnfoldOutlined } from './MenuUnfoldOutlined';
export { MessageOutlined } from './MessageOutlined';
export { MobileOutlined } from './MobileOutlined';
export { PlusOutlined } from './PlusOutlined';
export { PoweroffOutlined } from './PoweroffOutlined';
export { RedoOutlined } from './RedoOutlined';
export { ReloadOutlined } from './ReloadOutlined';
export { SafetyOutlined } from './SafetyOutlined';
export { SaveOutlined } from './SaveOutlined';
export { SearchOutlined } from './SearchOutlined';
export { SettingOutlined } from './SettingOutlined';
export { StarFilled } from './StarFilled';
export { StarOutlined } from './StarOutlined';
export { SyncOutlined } from './SyncOutlined';
export { TagsOutlined } from './TagsOutlined';
export { UndoOutlined } from './UndoOutlined';
export { UploadOutlined } from './UploadOutlined';
export { UserAddOutlined } from './UserAddOutlined';
export { UserOutlined } from './UserOutlined';
export { PauseCircleOutlined } from './PauseCircleOutlined';
