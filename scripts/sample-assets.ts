/** Brand, model and serial of real-world equipment the decoders know, for benchmarks and the soak. */
export const SAMPLE_ASSETS: ReadonlyArray<readonly [brand: string, model: string, serial: string | undefined]> = [
  ['Carrier', '24ACC636A003', '1014E12345'],
  ['Bradford White', 'RG250T6N', 'LM1234567'],
  ['Rheem', 'XG50T06EC36U1', 'Q0419E12345'],
  ['Trane', '4TTR4036L1000A', '14251KAD4F'],
  ['GE', 'GTS18GTHWW', 'LR821547C'],
  ['Goodman', 'GSX140361', '1503123456'],
];
