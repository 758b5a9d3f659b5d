import { KnowledgeBase, SAFETY_FLAGS, SafetyFlag } from './knowledge.types';
import { normalizerFor } from './symptom-index';
import { NormalizedToken } from './text-normalizer';

/** Stop words allowed between two words of a phrase ("smells like gas" matches "smell gas"). */
const MAX_GAP = 2;
/** The negation every "no", "not", "don't" is rewritten to. */
const NEGATION = 'not';

/** A hazard found in a text, with the phrase that revealed it. */
export interface SafetyHit {
  /** The hazard. */
  flag: SafetyFlag;
  /** The catalogue phrase that matched. */
  phrase: string;
}

interface CompiledPhrase {
  flag: SafetyFlag;
  phrase: string;
  stems: string[];
}

const compiled = new WeakMap<KnowledgeBase, CompiledPhrase[]>();

function phrasesFor(kb: KnowledgeBase): CompiledPhrase[] {
  let list = compiled.get(kb);
  if (!list) {
    const normalizer = normalizerFor(kb);
    list = kb.safetySignals.flatMap((signal) =>
      signal.phrases.map((phrase) => ({ flag: signal.flag, phrase, stems: normalizer.tokens(phrase).map((t) => t.stem) })),
    );
    compiled.set(kb, list);
  }
  return list;
}

/** Position after the phrase when it starts at `start`, allowing short stop-word gaps; -1 otherwise. */
function matchAt(tokens: NormalizedToken[], start: number, stems: string[]): number {
  if (tokens[start].stem !== stems[0]) return -1;
  let at = start + 1;
  for (let k = 1; k < stems.length; k++) {
    let gap = 0;
    while (at < tokens.length && tokens[at].stem !== stems[k] && tokens[at].stop && gap < MAX_GAP) {
      at++;
      gap++;
    }
    if (at >= tokens.length || tokens[at].stem !== stems[k]) return -1;
    at++;
  }
  return at;
}

/** True when one of the two words before `start` is a negation ("no gas smell", "don't smell gas"). */
function negated(tokens: NormalizedToken[], start: number): boolean {
  return tokens.slice(Math.max(0, start - 2), start).some((t) => t.stem === NEGATION);
}

/**
 * Hazards stated directly in a text, in English or Spanish (gas smell, carbon monoxide alarm,
 * sparks or burning smell, smoke or fire, flooding or a burst pipe, sewage, no heat, no water,
 * mold, collapse, break-in), each with the phrase that revealed it. A phrase right after a negation
 * does not count, unless the phrase is itself a negation such as "no heat".
 */
export function detectSafetySignals(kb: KnowledgeBase, text: string): SafetyHit[] {
  const tokens = normalizerFor(kb).tokens(text);
  const hits: SafetyHit[] = [];
  const found = new Set<SafetyFlag>();
  for (const p of phrasesFor(kb)) {
    if (found.has(p.flag) || p.stems.length === 0) continue;
    for (let i = 0; i < tokens.length; i++) {
      if (matchAt(tokens, i, p.stems) >= 0 && (p.stems[0] === NEGATION || !negated(tokens, i))) {
        hits.push({ flag: p.flag, phrase: p.phrase });
        found.add(p.flag);
        break;
      }
    }
  }
  return hits.sort((a, b) => SAFETY_FLAGS.indexOf(a.flag) - SAFETY_FLAGS.indexOf(b.flag));
}

/** The distinct hazards stated in a text, in the order of SAFETY_FLAGS; empty when none. */
export function detectSafetyFlags(kb: KnowledgeBase, text: string): SafetyFlag[] {
  return detectSafetySignals(kb, text).map((h) => h.flag);
}
