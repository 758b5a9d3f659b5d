import type { KnowledgeBase, Trade } from './knowledge.types';

/**
 * Parses `LABOR_RATES` ("plumbing=125,electrical=140"): national billed rates in whole US dollars
 * per hour that replace the defaults of trades.json. Regional multipliers still apply on top.
 */
export function parseLaborRates(text: string | undefined): Record<string, number> {
  if (!text || text.trim() === '') return {};
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const m = /^\s*([a-z-]+)\s*=\s*(\d{1,4})\s*$/.exec(pair);
      if (!m || Number(m[2]) <= 0) throw new Error(`LABOR_RATES entry "${pair.trim()}" must look like trade-id=whole-dollars, e.g. plumbing=125`);
      return [m[1], Number(m[2])];
    }),
  );
}

/** The knowledge base with some trades' national rates replaced; unknown trades are refused with the list. */
export function withLaborRates(kb: KnowledgeBase, rates: Record<string, number>): KnowledgeBase {
  const unknown = Object.keys(rates).filter((id) => !kb.tradeById.has(id));
  if (unknown.length > 0) throw new Error(`LABOR_RATES names unknown trade(s) ${unknown.join(', ')}; known trades: ${kb.trades.map((t) => t.id).join(', ')}`);
  if (Object.keys(rates).length === 0) return kb;
  const trades: Trade[] = kb.trades.map((t) => (rates[t.id] ? { ...t, labor_rate: rates[t.id] } : t));
  return { ...kb, trades, tradeById: new Map(trades.map((t) => [t.id, t])) };
}
