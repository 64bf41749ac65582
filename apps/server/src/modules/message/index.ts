/** The face of the message module: what the app and other modules may use of it. */
export { installMessages } from './install';
export { storedMessage, type NewMessage, type StoredMessage } from './rows';
export type { MessageService } from './service';
