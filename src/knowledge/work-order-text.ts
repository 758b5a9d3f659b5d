/**
 * Real work orders exported from maintenance systems (CMMS) carry bookkeeping around the
 * complaint: a building and room prefix ("SIRRINE HALL - RM 200G - ..."), account and asset tags
 * ("ACCT:15-603-7013-...", "ASSET:HVAC-01518"), project and work-order numbers, and notes such as
 * "(SEE ATTACHED IMAGE.)". Building names hold words that mislead a symptom matcher ("CHILL
 * WATER FACILITY", "FIRE STATION", "SNOW FAMILY COMPLEX"), so the complaint is read without them.
 * A segment that names a place and a hazard ("GAS ODOR BOILER ROOM", "SMOKE IN CORRIDOR 3RD FL",
 * "WATER ON FLOOR") is the complaint, and the slash of "W/" ("STALLED W/ OCCUPANT") cuts nothing.
 */

/** Rooms whose kind says what is at stake or what fails there ("cold room B-04", "server room 112"). */
const ROOM_KINDS = 'cold|server|boiler|mechanical|mech|electrical|elec|telecom|data|computer|growth|environmental|clean|freezer|pump|fan';

/** Words that make a leading segment a place rather than a complaint. */
const PLACE_WORDS =
  /\b(hall|bldg|building|center|centre|complex|tower|library|courts?|commons|house|apartments?|apts?|annex|arena|stadium|facility|plant|village|lodge|dorm|residence|campus|suite|wing|floor|fl|rm|room)\b/i;
/**
 * Words that make a segment a complaint whatever else it holds: a roof or gutter heading names what
 * leaks, and a CMMS heading often names the equipment before the fault ("BLDG 88 PASS ELEV #2 -
 * ENTRAPMENT", "RM 204 SPRINKLER HEAD HIT BY LADDER - LEAKING"). An elevator lobby is a place.
 */
const COMPLAINT_WORDS = new RegExp(
  String.raw`\b(leak\w*|broken|not|no|won'?t|doesn'?t|isn'?t|needs?|need|request\w*|replace|repair|fix|install|clean\w*|smell\w*|noise|stuck|clog\w*|flood\w*|out|hot|cold|please|light|door|toilet|sink|fall\w*|fell|apart|roofs?|gutters?|downspouts?|skylights?|chimneys?|loose|crack\w*|damaged|missing|drip\w*|stopped|lost|broke|spark\w*|beep\w*|overflow\w*|wash\w*|paint\w*|inspect\w*|check\w*|remov\w*|adjust\w*|survey\w*|test\w*|mow\w*|trim\w*|odou?rs?|smok\w*|evacuat\w*|interrupt\w*|stall\w*|trapped|h2o|elev(?:ators?)?(?!\s+(?:lobby|lobbies|landing|area|hall))|lifts?|escalators?|sprinkler\w*|boilers?|chillers?|furnaces?|ahu|rtu|fcu|vav|pumps?|alarms?|outlets?|breakers?|ceilings?|pipes?|faucets?|showers?|drains?|heaters?|htrs?|generators?|thermostats?|water\s+(?:on|in|from|coming|everywhere|under|all|pouring|running|spraying|service)|(?:${ROOM_KINDS})\s+rooms?)\b`,
  'i',
);

const NOISE: ReadonlyArray<RegExp> = [
  /\bACCT\s*[:#]\s*[\d-]*/gi,
  /\bASSET\s*[:#]\s*[A-Z0-9-]*/gi,
  /\((?:see )?(?:attached|photo|picture|image)[^)]*\)/gi,
  /\bsee (?:attached|photo|picture|image)\b\.?/gi,
  /\b(?:CUP|AIM)[- ]?\d{3,}\b/gi,
  /\b\d{2}-\d{6}\b/g,
  /\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b/g,
  // Billing instructions some systems put in front of every request ("*Check no charge labor box on each entry line*").
  /\**\s*check (?:the )?no charge (?:labor )?box on (?:each )?(?:labor )?entry(?: line)?\s*\**/gi,
  // A forwarding line before the message ("Forwarding from Unit 305 (portal):", "Fwd from resident portal -").
  /^\s*(?:fwd|fw|forward(?:ed|ing)?)\b[^:\n]{0,60}?(?::|\s-\s)/i,
  // Contact-form field labels (the values are names, numbers and addresses, none of them a complaint).
  /\bcontact (?:name|phone number|phone|email)\s*:/gi,
  /\b[\w.+-]+@[\w-]+\.[\w.]+\b/g,
  // E-mail boilerplate of a forwarded chain: a disclaimer ("This message may contain confidential
  // information", whose "contain" read as water held in check), a phone's signature, and the header
  // of a quoted reply ("On Tue, Apr 21, 9:12 AM, Kim wrote:").
  /\b(?:this|the) (?:e-?mail|message|communication)(?: and any (?:attachments?|files?)(?: \w+){0,3})? (?:may contain|contains|is intended|is confidential|is for the)[^.\n>]*\.?/gi,
  /\bsent from (?:my )?(?:iphone|ipad|android|samsung|galaxy|mobile|phone|outlook|mail for windows|yahoo mail|gmail)\b[\w ]{0,20}?(?=$|[\n>.,;-])/gi,
  /\bon (?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b[^\n>]{0,60}? wrote:/gi,
  // A shop's name written in capitals ("Spark Fitness", "Blaze Pizza", "Ember Cafe"): a commercial
  // tenant signs with it, and its words are no sparks or fire. Case-sensitive, so an upper-case CMMS
  // line (every word in capitals) keeps its words.
  /\b(?:[A-Z][a-z']+\s+){1,3}(?:Fitness|Pizza|Pizzeria|Cafe|Café|Grill|Salon|Bakery|Studio|Gym|Market|Pharmacy|Dental|Spa|Nails|Coffee|Yoga|Barbers?|Deli|Bistro|Tavern|Pub|Boutique|Cleaners|Insurance|Realty|Analytics)\b/g,
];

/** A quotation mark opening or closing a quoted passage: at the start or end of a word, not inside one. */
const QUOTE_AT_WORD_EDGE = /(^|[\s([:])['"\u2018\u201c]+|['"\u2019\u201d]+(?=[\s).,;:!?\]]|$)/g;

/**
 * A room token ("RM 204", "RM. B05", "ROOM 3-1D", "RM M156") and the bare "RM" some systems leave.
 * The word "room" without a room number stays: "mechanical room", "cold room", "hot in the room"
 * and "room A/C" are part of the complaint; so does a room of a kind named with its number ("cold
 * room B-04", "server room 112"), whose kind says what is at stake.
 */
const ROOM = new RegExp(String.raw`(?<!\b(?:${ROOM_KINDS})\s)\b(?:rm\.?|room)\s*(?:#\s*)?(?:[a-z]{0,2}-?\d[\w-]*)|\brm\b\.?`, 'gi');

/**
 * A leading "place:" label ("Bldg 12, 3rd floor: ...", "Smith Hall, room 204: ..."), up to the first
 * colon: dropped when each of its comma or dash parts names a place and none a complaint (the
 * storey's "floor" sent "Bldg 12, 3rd floor: window cracked" to flooring).
 */
const PLACE_LABEL = /^([^:.!?]{1,60}):\s+(?=\S)/;

/**
 * The complaint of a work order without the bookkeeping around it. Text without such prefixes
 * or tags comes back unchanged apart from spacing.
 */
export function complaintText(text: string): string {
  let out = withoutQuestionsAnsweredNo(oldestMessageFirst(text));
  for (const pattern of NOISE) out = out.replace(pattern, ' ');
  // Quotation marks around a forwarded message ('Hot water is barely warm.' Also ...) glue to the
  // words they wrap; apostrophes inside words (won't, tenant's) are not at a word's edge and stay.
  out = out.replace(QUOTE_AT_WORD_EDGE, '$1');
  const label = PLACE_LABEL.exec(out);
  const labelParts = label ? label[1].split(/\s*(?:,|\s-+)\s*/) : [];
  if (label && labelParts.every((part) => PLACE_WORDS.test(part)) && !COMPLAINT_WORDS.test(label[1].replace(ROOM, ' '))) out = out.slice(label[0].length);
  // Leading " - " or "/" segments that name a place and no complaint are dropped.
  // A minus sign of a reading ("reading -40 and climbing", "set to -80.", "reads > -50 today") is no separator.
  const segments = out.split(/(?<![<>=])\s+-+(?!\d+\s*(?:°|degrees?\b|[fc]\b)?\s*(?:[,.;!?]|and\b|or\b|but\b|$))\/?\s*|(?<!\bw)\s*\/\s+|\s+\/-?\s*/i);
  // A heading is dropped only when words follow it: an amount or a date after the request ("... POWER
  // REVIEW - $7300.00") is no complaint, and dropping the request before it left nothing to read.
  const lastWithWords = segments.findLastIndex((s) => /[a-z]{2}/i.test(s));
  let first = 0;
  while (first < lastWithWords) {
    const segment = segments[first].trim();
    const isPlace = segment === '' || segment.endsWith('...') || (PLACE_WORDS.test(segment) && !COMPLAINT_WORDS.test(segment.replace(ROOM, ' ')));
    if (!isPlace) break;
    first++;
  }
  out = segments.slice(first).join(' - ');
  return (
    out
      .replace(ROOM, ' ')
      .replace(/\s+-\s+(?=-|$)/g, ' ')
      .replace(/\s{2,}/g, ' ')
      .replace(/^[\s\-/:]+|[\s\-/:]+$/g, '')
      .trim() || text.trim()
  );
}

/**
 * A question asked in a chat or a form ("Does it smell like gas?", "Any water on the floor?"), from
 * the start, a sentence's end, a chat's " | " turn or a speaker's label, and the answer "no" after it,
 * itself after a turn or a label ("| Resident: no", "A: No."), with what the answer goes on to deny
 * ("No, no smell at all", "None, it's dry").
 */
const QUESTION_ANSWERED_NO = new RegExp(
  [
    String.raw`(?<=(?:^|[.!?|\n]|\b(?:q|question|agent|staff|office|dispatcher|operator|tech|maintenance)\s*:)\s*)`,
    String.raw`[^.!?|\n]{3,160}\?`,
    String.raw`(?:\s*\|)?\s*(?:(?:a|answer|resident|tenant|caller|occupant|customer|me|reply)\s*:\s*)?`,
    String.raw`(?:no+|nope|nah|none|negative|not at all|nothing|never|n)\b(?!\s*(?:one|body)\b)`,
    // What the answer goes on to deny: a second clause that opens on a negation ("No, no smell at all").
    String.raw`(?:[\s,;-]+(?:no|not|none|nothing|never|nowhere|it'?s (?:dry|fine|ok(?:ay)?))\b[^.!?|\n]*)?[.!]?`,
  ].join(''),
  'gi',
);

/**
 * The request without the questions a chat or a form asked and the occupant answered no ("Does it
 * smell like gas? No, no smell at all", "Any water on the floor? None"): the hazard a question names
 * is not there. A question answered otherwise, or not answered, stays as written.
 */
export function withoutQuestionsAnsweredNo(text: string): string {
  if (!text.includes('?')) return text;
  const out = text.replace(QUESTION_ANSWERED_NO, (qa) => (ASKS_FOR_A_HAZARD.test(qa) && !ASKS_WHAT_WORKS.test(qa) ? ' ' : qa));
  return out.trim() ? out : text;
}

/** A question whose "no" says a hazard is absent: a smell, gas, smoke, fire, sparks, a shock or water where it should not be. */
const ASKS_FOR_A_HAZARD =
  /\b(?:gas|propane|smell\w*|odou?rs?|smok\w*|fire|flames?|burn\w*|spark\w*|shock\w*|carbon monoxide|co|leak\w*|drip\w*|flood\w*|puddles?|wet|overflow\w*|sewage|water (?:on|under|in|coming|dripping|pooling|spreading|anywhere|everywhere))\b/i;
/**
 * A question whose "no" says something fails ("Is the smoke alarm working? No", "Do you have heat?
 * No", "Does the door close?"): the answer is the complaint, and the question stays.
 */
const ASKS_WHAT_WORKS =
  /\b(?:work\w*|function\w*|operat\w*|have|has|got|heat\w*|hot water|power|lock\w*|clos\w*|latch\w*|come on|turn\w* on|stop\w*|drain\w*|flush\w*)\b/i;

/**
 * A quote marker of a forwarded e-mail chain ("> ", ">> "), at the start or after a space, before
 * the words of a quoted line. A ">" before a number is "more than" in a reading ("temp > 80",
 * "reading >30 psi", "reads > -60"), even inside a chain, and cuts nothing.
 */
const QUOTE_MARKER = /(?:^|\s)((?:>+\s*)+)(?=[^\s\d.,+\-=>]|-(?!\s*\d))/g;
/** A forwarded or replied message's subject line, up to the end of its line. */
const SUBJECT_LINE = /^\s*(?:(?:fwd?|re)\s*:\s*)+[^\n]*(?=\n)/i;
/** Words by which a text shows itself to be an e-mail chain, so a ">" in it is a quote marker and not "more than". */
const CHAIN_WORDS = /\b(?:fwd?|re)\s*:|\bwrote:/i;

/**
 * A forwarded e-mail chain, newest message on top and each older one quoted one level deeper, read
 * oldest first, as it happened: the request's later clauses then say what came after ("it's
 * raining inside now" after "a brown spot"; "the plumber fixed it" after "sorry about the flood"),
 * which is how the triage reads a problem that grew worse or was resolved. Text without quote
 * markers comes back unchanged.
 */
export function oldestMessageFirst(text: string): string {
  if (!CHAIN_WORDS.test(text)) return text;
  const messages: { depth: number; text: string }[] = [];
  let depth = 0;
  let from = 0;
  for (const m of text.matchAll(QUOTE_MARKER)) {
    messages.push({ depth, text: text.slice(from, m.index) });
    // "> >> On Wed ... wrote:": a blank quoted line, then a deeper message; the longest run is its level.
    depth = Math.max(...m[1].split(/\s+/).map((run) => run.length));
    from = (m.index ?? 0) + m[0].length;
  }
  if (messages.length === 0) return text;
  messages.push({ depth, text: text.slice(from) });
  // The subject line ("Fwd: Re: Unit 14 - ceiling") names what the whole chain is about: it leads.
  const subject = SUBJECT_LINE.exec(messages[0].text);
  if (subject) messages.splice(0, 1, { depth: Infinity, text: subject[0] }, { depth: 0, text: messages[0].text.slice(subject[0].length) });
  // A stable sort: messages of one level keep their order.
  return messages
    .map((message, index) => ({ ...message, index }))
    .sort((a, b) => b.depth - a.depth || a.index - b.index)
    .map((message) => message.text.trim())
    .filter(Boolean)
    .map((message) => (/[.!?]$/.test(message) ? message : `${message}.`))
    .join(' ');
}

/** A storey as requests name it: "3rd", "third", "top", "ground". */
const STOREY = String.raw`(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|ground)`;
/** Joins between storeys or storey numbers: "2nd and 3rd", "floors 2 and 3", "floors 2-4". */
const STOREY_JOIN = String.raw`\s*(?:,|and|&|or|to|through|-)\s*`;
/** "the third floor", "2nd and 3rd floors", "second-floor", "3RD FL"; "floor 3", "floors 2 and 3", "FL 2". */
const STOREYS = new RegExp(
  String.raw`\b${STOREY}(?:${STOREY_JOIN}${STOREY})*[\s-]*(?:floors?|flrs?|fl)\b\.?|\b(?:floors?|flrs?|fl)\.?\s*#?\s*\d+[a-z]?\b(?:${STOREY_JOIN}\d+[a-z]?\b)*`,
  'gi',
);

/** An elevator's complaint names storeys as part of what is wrong ("skips the 3rd floor", "stuck between floors 2 and 3"). */
const LIFT = /\b(?:elevators?|lifts?|elevador)\b/i;

/**
 * The text without the storeys it names ("on the third floor", "between floors 2 and 3", "3RD FL"):
 * where a thing is says nothing of what is wrong with it, and the storey's "floor" is the
 * flooring trade's word ("lights in the stairwell between floors 2 and 3 are out" went to
 * flooring, its "and" also cutting "are out" off from the lights). A floor that is the complaint
 * ("the floor in the kitchen is buckling") names no storey and stays. Read by the offline
 * diagnosis only: the triage reads the request as written.
 */
export function withoutStoreys(text: string): string {
  if (LIFT.test(text)) return text;
  const out = text
    .replace(STOREYS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return out || text;
}
