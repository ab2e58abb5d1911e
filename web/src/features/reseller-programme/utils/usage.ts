import { formatNumber } from '#lib/format.ts';

/** GB with at most two decimals, as the server rounds metered traffic: `1.5 GB`. */
export const gbText = (gb: number) => `${formatNumber(Math.round(gb * 100) / 100)} GB`;

/** The exact count beside the GB, where the area reads it (the reseller panel, ADR 044): `1,610,612,736 bytes`. */
export const bytesText = (bytes: number) => `${formatNumber(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
