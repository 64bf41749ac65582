import { z } from 'zod';
import { fuxaEvent } from './fuxa-events';

/** The parts of FUXA's project file the item importers read. */

const loose = z.union([z.number(), z.string()]).optional().nullable();

/** The parts of a FUXA item (`GaugeSettings`) this importer reads. */
export const fuxaItem = z.looseObject({
  id: z.string().optional(),
  type: z.string().default(''),
  name: z.string().default(''),
  property: z
    .looseObject({
      variableId: z.string().optional().nullable(),
      variable: z.string().optional().nullable(),
      text: z.string().optional().nullable(),
      id: z.string().optional().nullable(),
      ranges: z
        .array(
          z.looseObject({
            type: z.string().optional().nullable(),
            min: loose,
            max: loose,
            text: z.string().optional().nullable(),
            color: z.string().optional().nullable(),
            stroke: z.string().optional().nullable(),
            fractionDigits: loose,
          }),
        )
        .optional()
        .nullable(),
      events: z.array(fuxaEvent).optional().nullable(),
      options: z.looseObject({ min: loose, max: loose }).optional().nullable().catch(null),
    })
    .nullable()
    .default(null),
});
export type FuxaItem = z.infer<typeof fuxaItem>;
export type Property = NonNullable<FuxaItem['property']>;

export interface Variable {
  device: string | null;
  tag: string;
}

/** How the importer finds a FUXA variable's device and TAG name, and a chart's lines. */
export interface FuxaLookup {
  variable(property: { variableId?: string | null; variable?: string | null }): Variable | null;
  chartLines(chartId: string): Variable[];
}

export const number = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
