import type { InstallContext } from '../../platform/install';
import { MessageRepo } from './repo';
import { messageRoutes } from './routes';
import { MessageService } from './service';

/** The message centre's calls; returns the service other modules write their messages through. */
export function installMessages(ctx: InstallContext): MessageService {
  const svc = new MessageService(new MessageRepo(ctx.db), ctx.clock, ctx.bus);
  messageRoutes(ctx.registerCall, svc);
  return svc;
}
