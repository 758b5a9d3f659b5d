import { LifecycleStage } from '../dto/asset-profile.dto';

/** What the repair-or-replace guidance is based on. */
export interface GuidanceInput {
  /** Equipment type id; null when unknown. */
  equipmentTypeId: string | null;
  /** Category (HVAC, water heating, appliance); null when unknown. */
  category: string | null;
  /** Age in years; null when unknown. */
  ageYears: number | null;
  /** Typical life in years; null when unknown. */
  typicalYears: number | null;
  /** Stage of life. */
  stage: LifecycleStage;
  /** Year of manufacture; null when unknown. */
  manufactureYear: number | null;
  /** Refrigerant decoded from the model, when known. */
  refrigerant: string | null;
  /** Whether the unit is likely still under warranty. */
  likelyCovered: boolean | null;
  /** Other plausible years an ambiguous serial date code reads as (older than the assumed one). */
  otherYears?: number[];
  /** Today, to tell the age the other years would mean. */
  now?: Date;
}

const COOLING_TYPES = new Set(['ac-condenser', 'heat-pump', 'package-unit', 'mini-split']);
const TANK_TYPES = new Set(['tank-water-heater-gas', 'tank-water-heater-electric', 'heat-pump-water-heater']);
/**
 * HVAC units bought whole for about the price of an appliance (a window unit, a PTAC): the $5,000
 * rule, made for central systems that cost $5,000-$10,000 to replace, would approve repairs worth
 * more than a new unit ("any quote over $834" for a $450 window unit at 6 years).
 */
const ROOM_UNIT_TYPES = new Set(['room-ac', 'ptac']);
/** HVAC equipment replaced whole for a few hundred dollars, where the $5,000 rule would approve any repair: room units and inline circulators. */
const NO_5000_RULE_TYPES = new Set([...ROOM_UNIT_TYPES, 'circulator-pump']);
/** EPA: no new R-22 equipment from 1 January 2010; R-22 production and import ended 1 January 2020. */
const R22_LAST_YEAR = 2009;

/** Alarms and detectors are not repaired: a unit that fails its test, or has reached its replacement date, is replaced (NFPA 72). */
const REPLACE_ONLY_TYPES = new Set(['smoke-alarm', 'co-alarm', 'smoke-co-alarm', 'smoke-detector']);

/** Repair-or-replace advice with thresholds a property manager can act on; null when nothing is known. */
export function repairVsReplace(input: GuidanceInput): string | null {
  if (input.equipmentTypeId === null && input.ageYears === null) return null;
  if (input.equipmentTypeId !== null && REPLACE_ONLY_TYPES.has(input.equipmentTypeId)) return replaceOnlyAdvice(input);
  const parts: string[] = [];
  const age = input.ageYears;
  const life = input.typicalYears;
  const of = age !== null && life !== null ? ` (${age} of about ${life} years)` : '';
  switch (input.stage) {
    case LifecycleStage.New:
      parts.push(`New${of}: repair${input.likelyCovered ? ', and claim the warranty first' : ''}.`);
      break;
    case LifecycleStage.Mid:
      parts.push(`Mid-life${of}: repair unless the quote exceeds 50% of the cost of a new unit.`);
      break;
    case LifecycleStage.Late:
      {
        const years = Math.max(1, Math.round(life! - age!));
        parts.push(
          `Late in life${of}: repair only if the quote is under 30% of replacement cost, and budget to replace within about ${years} year${years === 1 ? '' : 's'}.`,
        );
      }
      break;
    case LifecycleStage.PastExpected:
      parts.push(`Past its expected life${of}: replace rather than fund a major repair; approve only minor fixes (under about 15% of replacement cost).`);
      break;
    default:
      // The stage is unknown when the age is, or when the age is known but the equipment's life is not.
      parts.push(
        age === null
          ? 'Age unknown: confirm the manufacture date (plate or serial) before approving a major repair; meanwhile replace when a repair would cost more than 50% of a new unit.'
          : `About ${age} years old; the expected life of this equipment is not known here: replace when a repair would cost more than 50% of a new unit.`,
      );
  }
  const roomUnit = input.equipmentTypeId !== null && ROOM_UNIT_TYPES.has(input.equipmentTypeId);
  const no5000Rule = input.equipmentTypeId !== null && NO_5000_RULE_TYPES.has(input.equipmentTypeId);
  if (input.category === 'HVAC' && !no5000Rule && age !== null && age > 0) {
    const threshold = Math.ceil(5000 / age);
    parts.push(
      `$5,000 rule: age x repair quote above $5,000 favors replacement; at ${age} years that is any quote over $${threshold.toLocaleString('en-US')}.`,
    );
  }
  if (input.equipmentTypeId !== null && COOLING_TYPES.has(input.equipmentTypeId)) {
    const r22 = input.refrigerant === 'R-22' || (input.refrigerant === null && input.manufactureYear !== null && input.manufactureYear <= R22_LAST_YEAR);
    if (r22) {
      parts.push(
        'Likely R-22 refrigerant (no new R-22 equipment since 2010; production ended 1 January 2020): for a refrigerant leak or compressor failure, replace rather than recharge.',
      );
    }
  }
  if (input.equipmentTypeId !== null && TANK_TYPES.has(input.equipmentTypeId)) parts.push('A leaking tank cannot be repaired: replace the heater.');
  // With the age unknown the advice above already says "more than 50% of a new unit"; the rule's "past half its life" would repeat it about an age no one knows.
  const halfLifeKnown = input.stage !== LifecycleStage.New && input.stage !== LifecycleStage.Unknown;
  if (input.category === 'appliance' && halfLifeKnown) {
    parts.push('50% rule for appliances: once past half its life, replace when the repair costs more than half the price of a new one.');
  }
  if (roomUnit && halfLifeKnown) {
    parts.push('50% rule for room units: once past half its life, replace when the repair costs more than half the price of a new one.');
  }
  const others = [...new Set(input.otherYears ?? [])].filter((y) => y !== input.manufactureYear);
  if (others.length > 0 && input.manufactureYear !== null && input.now) {
    // A repeating year code can put a 12-year-old unit at 2 years old: the advice above is only as good as that guess.
    const nowYear = input.now.getUTCFullYear();
    const alternatives = others.map((y) => `${y} (about ${nowYear - y} years old)`).join(' or ');
    parts.push(
      `This assumes the unit was made in ${input.manufactureYear}, but its serial's date code also fits ${alternatives}: confirm the date on the plate before approving a major repair or a warranty claim.`,
    );
  }
  return parts.join(' ');
}

function replaceOnlyAdvice(input: GuidanceInput): string {
  const { ageYears: age, typicalYears: life } = input;
  const due =
    age === null || life === null
      ? `Read the manufacture date on its label: it is replaced${life !== null ? ` ${life} years after that date` : ' at the end of its rated life'}.`
      : age >= life
        ? `At ${age} years it is past its ${life}-year replacement date: replace it now.`
        : `Replace it ${life} years after manufacture (about ${Math.max(1, Math.round(life - age))} more year${Math.round(life - age) <= 1 ? '' : 's'}).`;
  // A system detector reports to the panel (trouble, dirty chamber); an alarm chirps on its own.
  const when =
    input.equipmentTypeId === 'smoke-detector'
      ? 'when it fails its sensitivity test or the panel reports it dirty or in trouble'
      : 'when it fails its test or sounds its end-of-life signal';
  return `Not repaired: replace the device ${when}. ${due}`;
}
