import { epochSeconds, type Clock } from '../../platform/clock';
import type { Entitlements } from './entitlements';
import { CardType, type BillingRepo } from './repo';

/** The team's figures for My account; limits are null when billing is off. */
export async function billingAccount(
  repo: BillingRepo,
  entitlements: Entitlements,
  clock: Clock,
  teamId: number,
) {
  const now = epochSeconds(clock);
  const [tags, allowance, templates, projects, traffic] = await Promise.all([
    entitlements.pool(teamId),
    entitlements.templateAllowance(teamId),
    repo.countOwned('templates', teamId),
    repo.countOwned('projects', teamId),
    repo.activeCards(teamId, CardType.RA, now),
  ]);
  const total = traffic.reduce((n, c) => n + Number(c.traffic_bytes), 0);
  const used = traffic.reduce((n, c) => n + Number(c.used_bytes), 0);
  return {
    billing_enabled: entitlements.enabled,
    tags,
    templates: { allowed: allowance, used: templates },
    projects: { allowed: allowance, used: projects },
    traffic: { total, used, remaining: entitlements.enabled ? total - used : null },
  };
}
