import type { KnowledgeBase } from './knowledge.types';
import { foldText } from './text-normalizer';

/** Text as `unless` phrases are matched: folded, apostrophes dropped ("won't" is "wont"), words between single spaces. */
function wordsOf(text: string): string {
  return ` ${foldText(text)
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Whether the request (as `wordsOf` writes it) says one of the phrases, each starting at a word (its last word may go on: "leak" in "leaking"). */
function says(request: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => request.includes(` ${wordsOf(phrase).trim()}`));
}

/**
 * The questions to ask the occupant before sending the vendor of a problem: the problem's own when
 * the catalogue has them, else its trade's, without those the request already answers. None for a
 * request the occupant did not write (an inspector's notice, a landlord's move-out note): its
 * writer saw the condition, and a unit between tenants has no one to ask.
 */
export function questionsToAsk(kb: KnowledgeBase, problemId: string, request: string): string[] {
  const words = wordsOf(request);
  if (says(words, kb.tenantQuestions.notFromOccupant)) return [];
  const trade = kb.problemById.get(problemId)?.trade;
  const questions = kb.tenantQuestions.byProblem.get(problemId) ?? (trade ? kb.tenantQuestions.byTrade.get(trade) : undefined) ?? [];
  return questions.filter((q) => !says(words, q.unless)).map((q) => q.ask);
}

/** The id of the catalogue problem a diagnosis names (problem names are unique); "" when none does. */
export function problemIdNamed(kb: KnowledgeBase, name: string): string {
  return kb.problems.find((p) => p.name === name)?.id ?? '';
}
