/** How urgent a problem is, from a cosmetic nuisance to call-now. */
export const SEVERITIES = ['low', 'medium', 'high', 'emergency'] as const;
/** How urgent a problem is. */
export type Severity = (typeof SEVERITIES)[number];

/** Relative cost bands of a typical repair: $ under $150, $$ $150-500, $$$ $500-1,500, $$$$ above. */
export const COST_SCORES = ['$', '$$', '$$$', '$$$$'] as const;
/** Relative cost band of a typical repair. */
export type CostScore = (typeof COST_SCORES)[number];

/**
 * The catalogue's problem for work no specialty trade owns (the handyman's general repair): the
 * offline diagnosis names it last in an answer whose words decide nothing, so loading fails without it.
 */
export const CATCH_ALL_PROBLEM = { id: 'general-repair', trade: 'general-handyman' } as const;

/** Hazards a coordinator must react to before anything else. */
export const SAFETY_FLAGS = [
  'gas-leak',
  'carbon-monoxide',
  'electrical-shock',
  'fire',
  'flooding',
  'sewage',
  'no-heat',
  'no-water',
  'mold',
  'structural',
  'security',
  'entrapment',
] as const;
/** One hazard a coordinator must react to. */
export type SafetyFlag = (typeof SAFETY_FLAGS)[number];

/** A vendor type that can be dispatched. */
export interface Trade {
  /** Stable kebab-case id (a diagnosis's `trade`). */
  id: string;
  /** Human name of the trade. */
  name: string;
  /** Who a property manager sends, as they name them ("Plumber", "HVAC technician"): a diagnosis's `vendor`. */
  vendor_type: string;
  /** National default billed labor rate in USD per hour. */
  labor_rate: number;
  /** BLS OEWS occupation the rate derives from (code and title). */
  bls_occupation: string;
  /** Mean hourly wage of that occupation, USD. */
  bls_mean_hourly_wage: number;
  /** Markup from wage to billed rate (burden, overhead, vehicle, profit). */
  billing_multiplier: number;
  /** Lower-case word starts that name this trade in a client's vendor names ("carpent" in "Carpentry Shop"). */
  vendor_words?: string[];
}

/** A part a repair usually needs, with an expected price range. */
export interface Part {
  /** Part name as a technician would order it. */
  name: string;
  /** Low end of the expected price, USD. */
  price_low: number;
  /** High end of the expected price, USD. */
  price_high: number;
}

/** A range of labor hours. */
export interface HoursRange {
  /** Fewest hours a typical job takes. */
  low: number;
  /** Most hours a typical job takes. */
  high: number;
}

/** One maintenance problem of the catalogue. */
export interface Problem {
  /** Unique kebab-case id. */
  id: string;
  /** Short readable name of the diagnosis. */
  name: string;
  /** Id of the trade to dispatch. */
  trade: string;
  /** How tenants and coordinators describe it, in English. */
  symptoms: string[];
  /** How Spanish-speaking tenants describe it. */
  symptoms_es: string[];
  /** Strong single words that point at it. */
  keywords: string[];
  /** Likely causes, most common first. */
  causes: string[];
  /** Two or three sentences a coordinator can read. */
  assessment: string;
  /** How urgent it is. */
  severity: Severity;
  /** Ordered steps a technician follows. */
  resolution_steps: string[];
  /** Parts usually needed; empty for resets and adjustments. */
  parts: Part[];
  /** Typical labor time on site. */
  labor_hours: HoursRange;
  /** Cost band of the typical total at the national rate. */
  cost_score: CostScore;
  /** Asset specifications that matter for the fix. */
  asset_specs: string[];
  /** Hazards involved. */
  safety_flags: SafetyFlag[];
  /** Short readable fix, the name histories are grouped under. */
  canonical_fix: string;
  /** Ways technicians write that fix in closing notes. */
  fix_phrases: string[];
  /**
   * Urgency-triage categories (triage-rules.json ids) under which this problem is the opposite of
   * what the request says: "heat will not shut off" when the triage reads no heat. A bag-of-words
   * match cannot tell "won't turn on" from "won't turn off"; the triage reads the negation.
   */
  unlikely_when?: string[];
  /**
   * Words naming the one machine a problem is about ("dryer", "drier"), one of which a request
   * must hold (after vocabulary rewriting and spelling correction) for the problem to be offered at
   * full weight: a dryer's heating element is no diagnosis of "no heat in the apartment".
   */
  named_by?: string[];
  /**
   * Problems (ids) of which this one is the usual consequence: a dishwasher that drains through a
   * clogged kitchen sink will not drain either. Told beside one of them, it is that job, not another
   * vendor to dispatch.
   */
  explained_by?: string[];
  /** The items the estimate prices one of, when a request may count several ("replace 6 blinds"). */
  priced_per?: PricedPer;
}

/** What one estimate of a problem prices, for requests that count the items. */
export interface PricedPer {
  /** Plural nouns of the item as requests count them ("blinds", "panes"); a count must be followed by one. */
  items: string[];
  /** Share of the first item's labor hours each further item takes (the visit, the setup and the tools are there once). */
  added_hours_share: number;
}

/** Labor-rate multiplier of one US state (or DC). */
export interface StateRate {
  /** Two-letter USPS code. */
  code: string;
  /** Full name. */
  name: string;
  /** Multiplier applied to the national trade rate. */
  multiplier: number;
}

/** A range of 3-digit ZIP prefixes that belongs to one state. */
export interface ZipPrefixRange {
  /** First prefix of the range, inclusive, 3 digits. */
  from: string;
  /** Last prefix of the range, inclusive, 3 digits. */
  to: string;
  /** Two-letter state code. */
  state: string;
}

/** Phrases rewritten before matching: shorthand, misspellings, synonyms and Spanish, each mapped to English. */
export interface Vocabulary {
  /** Work-order shorthand (`wtr htr`, `a/c`, `gfi`). */
  abbreviations: Record<string, string>;
  /** Common misspellings (`toliet`, `leakin`). */
  misspellings: Record<string, string>;
  /** English synonyms folded onto one word (`fridge` to `refrigerator`, `no` to `not`). */
  synonyms: Record<string, string>;
  /** Spanish words and phrases. */
  spanish: Record<string, string>;
  /** Words dropped before matching (English and Spanish); negations are kept on purpose. */
  stop_words: string[];
}

/** One repair action of fix-notes.json: the verb a fix is written with, and the words technicians use for it. */
export interface FixAction {
  /** Past-tense verb of the written fix ("Replaced"); earlier actions in the file say more about the repair. */
  verb: string;
  /** Words and phrases that mean this action ("installed", "changed out", "new"). */
  words: string[];
  /**
   * Words after which this action names what it works on when the words right after the verb
   * name nothing specific: a treatment is "for" a pest ("sprayed for ants", "treated unit for
   * roaches").
   */
  object_after?: string[];
  /**
   * The part this action works on when a note names none of its own: "charged the system",
   * "recharged unit" and "charged with 3 lbs R-22" are all a refrigerant charge. It stands in for
   * an object that holds only generic words or the words listed here ("freon", "lbs"). Not after
   * `not_after`, where the verb is an adjective ("exchanged with a charged unit").
   */
  implied_object?: {
    object: string;
    words: string[];
    not_after: string[];
    /**
     * Verb phrases (`words`) that are this action only when the clause names the implied object by one
     * of `names` before another repair verb: "added 3 lbs of R-22" is a charge, "added 6 oz of
     * treatment" or "added a return grille" no repair of this kind.
     */
    only_with_it?: { words: string[]; names: string[] };
  };
}

/** An outcome of a job that is not a repair (a duplicate, a cancellation, nothing found). */
export interface FixOutcome {
  /** Short name of the outcome. */
  outcome: string;
  /** True when the note is never a fix, even if it also names work (a duplicate or a cancellation). */
  overrides_work: boolean;
  /** Phrases that reveal it. */
  phrases: string[];
}

/** How technicians' closing notes are read into fixes (fix-notes.json). */
export interface FixNoteVocabulary {
  /** Repair actions, strongest first. */
  actions: FixAction[];
  /** Words that, before a repair verb, say it was not done yet ("need", "will", "ordered", "not"). */
  not_done_words: string[];
  /** Outcomes that are history, never a fix. */
  outcomes: FixOutcome[];
  /** Words of bookkeeping sentences (calls, trips, hours), which never describe the repair. */
  bookkeeping_words: string[];
  /** Words left out of a fix's object ("the", "new", "old", "bad"). */
  object_stop_words: string[];
  /** Words at which a fix's object ends ("and", "because", "on"). */
  object_break_words: string[];
  /**
   * Auxiliaries between a passive repair verb and the part before it ("filter was replaced",
   * "motor has been changed"): skipped when the object is read backwards from the verb.
   */
  passive_auxiliaries: string[];
  /**
   * A verb's bare form that, after a verb of being or flowing, says how a part is, not what was done
   * to it ("the line runs clear", "duct work is clear", "fan spins free"): `forms` after `after`.
   */
  state_words: { forms: string[]; after: string[] };
  /**
   * Words after which a repair word describes the part supplied for the repair before it
   * ("replaced kitchen faucet with new pull-down"), not a repair of its own.
   */
  supplied_part_markers: string[];
  /**
   * Words after a new part that say it was handed to someone, not installed ("new keys issued",
   * "2 new remotes given to resident"): such a replacement is no repair.
   */
  handed_over_words: string[];
  /**
   * Positions a note names in pairs before the part ("upper and lower elements", "hot and cold
   * cartridges"): such a pair is left out, so the part after it is the object.
   */
  position_words: string[];
  /** Objects too vague to name a repair alone ("unit", "system"). */
  generic_objects: string[];
  /**
   * Words that are never a part (`not_part_words`): when, who, bookkeeping, how, and what was
   * measured ("replaced last week", "changed status", "repaired by the vendor", "lowered the
   * temperature"). An object of only such words names no repair; beside a part they stay in its
   * name ("replaced the temperature sensor").
   */
  not_part_words: string[];
  /**
   * Words that say where a part is, never which part it is ("bathroom" faucet, "ceiling" fixture):
   * a request naming the place ("water dripping from the bathroom ceiling") does not name the part.
   */
  place_words: string[];
  /**
   * Words by which a request says the requester already did something ("changed the bulb
   * already", "tried resetting the breaker"): the repair read from that clause is shown after the
   * others, since it did not fix the problem this time.
   */
  tried_words: string[];
  /**
   * Words of `object_break_words` that, right after the repair verb and before the part, say which
   * part it is ("snaked floor drain", "replaced floor tile"), not where the work was ("on the 3rd floor").
   */
  part_place_words: string[];
  /**
   * Words by which a request says what the requester makes do with meanwhile ("tenant using the
   * oven to heat the apartment", "we've been using space heaters"): that machine is no part of the
   * complaint, so the history and its fixes are read without that clause.
   */
  stopgap_words: string[];
  /**
   * Who or which auxiliary comes before a stopgap word when it is one ("tenant using", "we are
   * using", "been using"); after "when" or "while" it is what brings the complaint on ("sparks when
   * using the microwave").
   */
  stopgap_subjects: string[];
  /**
   * Phrases in which a machine's word is a part of another machine ("pilot light" of a water heater
   * or a furnace): a request naming them names no such machine (no light fixture).
   */
  machine_word_parts: string[];
  /**
   * Phrases in which a machine's word is a comparison, not the machine ("not getting any cooler",
   * "cooler than 80"): a request writing them names no such machine (no cooler).
   */
  machine_word_comparisons: string[];
  /**
   * What a clearing takes out of a drain ("clog", "stoppage"): a repair whose part is one of them
   * names what was removed, so the part the same note names for a repair of the same rank wins
   * ("snaked kitchen drain, cleared grease stoppage" cleared the kitchen drain).
   */
  blockage_words: string[];
  /**
   * Words that put a part somewhere ("breaker in the panel", "belt on the supply fan"): a note that
   * names the part, then where it was, then the verb ("found tripped breaker in panel, reset") worked
   * on the part before the word, not on the place after it.
   */
  location_words: string[];
  /**
   * What was wrong, never the part ("leak", "hole", "crack"): "found leak in supply line, repaired"
   * repaired the supply line.
   */
  damage_words: string[];
  /**
   * Parts that many kinds of device hold ("battery", "bulb"): named by the device they sat in when
   * a note writes it after one of `owner_words` ("batteries in the thermostat" are the thermostat's
   * batteries, never a smoke alarm's). A room or a place after the word stays out of the name.
   */
  owned_parts: { parts: string[]; owner_words: string[] };
  /**
   * Rooms of a home or a building ("kitchen", "bathroom"): a fix that names the room of its fixture
   * ("Replaced kitchen faucet") is another fixture's when the request names another room and not
   * that one. Not a place that is also a kind of fixture ("ceiling" fan, "closet" door).
   */
  room_words: string[];
  /**
   * What a note says was taken out of a part, never the part worked on: "vacuumed water out of the
   * drain pan" cleaned the pan, "cleared hair from the tub drain" the drain.
   */
  removed_matter: {
    /** Matter and the words that only describe it ("water", "hair", "excess"); `blockage_words` count too. */
    words: string[];
    /** Words after which the part it came out of is named ("from", "out of", "in"). */
    from_words: string[];
    /** Verbs that read as another when what they took out came out of a part ("Removed" → "Cleared"). */
    taken_out_as: Record<string, string>;
    /** The part a clearing of a blockage works on when the note names none, and what a fixture's clearing clears ("drain"). */
    blocked_part: string;
  };
  /**
   * Parts a clearing or cleaning is counted under another's name, by word ("line" → "drain"): a
   * cleared kitchen line is a cleared kitchen drain, one repair whichever word the note used. Only
   * the counting joins them (`FixRelevance.countedForm`); the fix name and the part the relevance
   * reads keep the note's word.
   */
  cleared_part_heads: Record<string, string>;
  /**
   * Shorthand and misspellings of a part in notes, by the part's word or a pair of words ("assy" →
   * "assembly", "run cap" → "run capacitor"; a "cap" alone may be a pipe's), so a fix is named and
   * grouped as the part.
   */
  object_spellings: Record<string, string>;
  /**
   * How a fix name writes a word the vocabulary glues together for matching ("waterheater" →
   * "water heater"), so a name written from a note reads as a coordinator writes it.
   */
  label_spellings: Record<string, string>;
  /**
   * Words a fix name keeps as the note wrote them although the vocabulary reads them as a synonym
   * for search ("receptacle", "plug" → outlet): in a note they often name a machine's part (a
   * stove's burner receptacle, a dishwasher's knockout plug), which the synonym would misname.
   */
  label_own_words: string[];
  /**
   * Trade names a request gives a part by (`request_part_names`: "freon", "R-22" for the
   * refrigerant): a request saying "the AC needs freon" names the refrigerant of "Recharged
   * refrigerant". Written with a space where a request may write a hyphen, a space or nothing ("r 22" reads "r22", "r-22" and "r 22").
   */
  request_part_names: Record<string, string>;
  /**
   * Kinds of equipment a request may be about, each with the phrases that name it in a request
   * ("fountain", "bottle filler"). The client's fixes of past requests naming the same kind tell
   * which part such a request usually needs (a drinking fountain's pump or filter, a boiler's
   * valve), where the request's trade alone mixes all of the trade's equipment.
   */
  equipment_kinds: EquipmentKind[];
}

/** One kind of equipment and the phrases naming it in a request; a phrase is named when all its words are. */
export interface EquipmentKind {
  kind: string;
  phrases: string[];
}

/** Phrases that reveal one hazard directly in a text. */
export interface SafetySignal {
  /** The hazard. */
  flag: SafetyFlag;
  /** English and Spanish phrases; a phrase matches its words in order with small gaps. */
  phrases: string[];
}

/** Likelihood calibration fitted on the evaluation set. */
export interface Calibration {
  /** Softmax temperature applied to match scores. */
  temperature: number;
  /** Score of the implicit "something else" candidate. */
  other_score: number;
  /** Stated likelihood = stated_ceiling × matcher likelihood ^ stated_power (1 and 1 when absent): shrinks the matcher's overconfidence on real requests. */
  stated_power?: number;
  /** Highest likelihood a single diagnosis is ever stated with. */
  stated_ceiling?: number;
}

/** A question to ask the occupant before dispatching. */
export interface TenantQuestion {
  /** The question, ending with "?". */
  ask: string;
  /** Words and phrases of a request that already answer it (folded, matched at word starts). */
  unless: readonly string[];
}

/** The questions of `tenant-questions.json`. */
export interface TenantQuestions {
  /** By trade id (a trade may have none). */
  byTrade: ReadonlyMap<string, readonly TenantQuestion[]>;
  /** By problem id, replacing its trade's questions where they do not fit the job (tubes to relamp are no power loss). */
  byProblem: ReadonlyMap<string, readonly TenantQuestion[]>;
  /** Phrases of a request written by someone who saw the condition for the owner (an inspector's notice, a move-out note): no occupant is asked. */
  notFromOccupant: readonly string[];
}

/** The whole catalogue, validated and indexed by id. */
export interface KnowledgeBase {
  /** Combined version of the data files. */
  version: string;
  /** All trades. */
  trades: readonly Trade[];
  /** All problems. */
  problems: readonly Problem[];
  /** Questions to ask the occupant before dispatching (`tenant-questions.ts` picks those a request leaves open). */
  tenantQuestions: TenantQuestions;
  /** Trade by id. */
  tradeById: ReadonlyMap<string, Trade>;
  /** Problem by id. */
  problemById: ReadonlyMap<string, Problem>;
  /** State multipliers by two-letter code. */
  stateByCode: ReadonlyMap<string, StateRate>;
  /** ZIP prefix ranges, sorted by `from`. */
  zipPrefixes: readonly ZipPrefixRange[];
  /** Labor hours a vendor visit bills at the least, however short the repair (labor-rates.json). */
  minimumBilledHours: number;
  /** Text rewriting rules. */
  vocabulary: Vocabulary;
  /** How closing notes are read into fixes. */
  fixNotes: FixNoteVocabulary;
  /** Hazard phrases. */
  safetySignals: readonly SafetySignal[];
  /** Likelihood calibration. */
  calibration: Calibration;
}
