import { matchFix } from '../../knowledge/fix-matcher';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { normalizerFor } from '../../knowledge/symptom-index';
import { readFixNote } from './fix-note';
import { CanonicalFix, FixNormalizer } from './fix-normalizer';

/** Prefix of fix keys that name a knowledge-base problem. */
export const KB_FIX_PREFIX = 'kb:';
/** Prefix of fix keys read from a note the knowledge base does not know: the verb, then the object's stems. */
export const TEXT_FIX_PREFIX = 'text:';

/**
 * Reads the fix of a technician's note (see `readFixNote`): bookkeeping and outcomes that are not
 * repairs never become a fix. The repair found is the knowledge base's canonical fix when its
 * short phrase matches one ("new t-stat installed" → "Replace thermostat"); otherwise it is the
 * note's own verb and object ("Replaced return air fan bearings"), keyed by the verb and the
 * object's stems after vocabulary rewriting, so tenses, shorthand and known misspellings of the
 * same repair share a key.
 */
export class KnowledgeFixNormalizer extends FixNormalizer {
  constructor(private readonly kb: KnowledgeBase) {
    super();
  }

  normalize(resolutionText: string): CanonicalFix | undefined {
    const reading = readFixNote(resolutionText, this.kb.fixNotes);
    if (reading?.kind !== 'fix') return undefined;
    // Shorthand and misspellings read as the vocabulary spells them ("t stat" → "thermostat").
    const object = normalizerFor(this.kb)
      .words(reading.object.join(' '))
      .filter((w) => w.length > 1);
    const phrase = `${reading.verb} ${object.join(' ')}`;
    const match = matchFix(this.kb, phrase);
    if (match) return { key: `${KB_FIX_PREFIX}${match.problemId}`, label: match.fix };
    const stems = [...new Set(normalizerFor(this.kb).stems(object.join(' ')))].sort();
    if (stems.length === 0) return undefined;
    return { key: `${TEXT_FIX_PREFIX}${reading.verb.toLowerCase()} ${stems.join(' ')}`, label: phrase };
  }
}
