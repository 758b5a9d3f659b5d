import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { isReadableIsoDate } from './iso-date';
import { IsDefined, IsInt, IsISO8601, IsNotEmpty, IsNumber, IsOptional, IsString, Max, Min, ValidateBy, ValidationOptions } from 'class-validator';

interface FieldDoc<T> {
  description: string;
  example: T;
}

/** Whitespace-only text is treated as empty so `"   "` fails IsNotEmpty. */
const trimText = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Trimmed, and a blank text read as absent, like null: an optional date left empty by the
 * caller's system (`"last_updated": ""`) says there is no date, as an empty text field says
 * there is no text, instead of refusing the whole work order.
 */
const trimTextBlankAsAbsent = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The trimmed properties of each DTO prototype, for `trimmedTextProperties`. */
const trimmedByPrototype = new WeakMap<object, Set<string>>();
/** Those of them whose blank text reads as absent, for `blankAsAbsentProperties`. */
const blankAsAbsentByPrototype = new WeakMap<object, Set<string>>();

const record = (registry: WeakMap<object, Set<string>>, target: object, key: string | symbol) =>
  registry.set(target, (registry.get(target) ?? new Set<string>()).add(String(key)));

/** Trims the property's text when class-transformer reads it, and records that it does. */
function TrimmedText(blankAsAbsent = false): PropertyDecorator {
  return (target, key) => {
    Transform(blankAsAbsent ? trimTextBlankAsAbsent : trimText)(target, key);
    record(trimmedByPrototype, target, key);
    if (blankAsAbsent) record(blankAsAbsentByPrototype, target, key);
  };
}

function propertiesOf(registry: WeakMap<object, Set<string>>, dto: new () => object): ReadonlySet<string> {
  const out = new Set<string>();
  for (let proto: object | null = dto.prototype; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of registry.get(proto) ?? []) out.add(key);
  }
  return out;
}

/**
 * The properties of a DTO class whose text `plainToInstance` trims (RequiredText, OptionalText and
 * OptionalIsoDate), its parent classes' included: a fast path that skips class-transformer for
 * flat rows reads them to make the same change.
 */
export function trimmedTextProperties(dto: new () => object): ReadonlySet<string> {
  return propertiesOf(trimmedByPrototype, dto);
}

/** Of those, the properties whose blank text `plainToInstance` reads as absent (OptionalIsoDate). */
export function blankAsAbsentProperties(dto: new () => object): ReadonlySet<string> {
  return propertiesOf(blankAsAbsentByPrototype, dto);
}

/**
 * At most `max` characters, counted as PostgreSQL counts them (code points). class-validator's
 * MaxLength counts a character followed by a variation selector as one, so text it accepts could
 * overflow a varchar column.
 */
function MaxCharacters(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxLength',
      constraints: [max],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && Array.from(value).length <= max,
        defaultMessage: (args) => `${args?.property} must be shorter than or equal to ${max} characters`,
      },
    },
    options,
  );
}

/** PostgreSQL text cannot hold NUL, so it is refused here rather than failing the insert. */
function NoNulCharacter(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'noNulCharacter',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !value.includes('\u0000'),
        defaultMessage: (args) => `${args?.property} must not contain the NUL character (\\u0000)`,
      },
    },
    options,
  );
}

/** A required, non-blank string with a maximum length. */
export function RequiredText(maxLength: number, doc: FieldDoc<string>): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, maxLength, minLength: 1, ...doc }),
    TrimmedText(),
    IsDefined({ message: ({ property }) => `${property} is required` }),
    IsString(),
    IsNotEmpty({ message: ({ property }) => `${property} must not be empty` }),
    MaxCharacters(maxLength),
    NoNulCharacter(),
  );
}

/** An optional string with a maximum length; `null` counts as absent. */
export function OptionalText(maxLength: number, doc: FieldDoc<string>): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, maxLength, nullable: true, ...doc }),
    TrimmedText(),
    IsOptional(),
    IsString(),
    MaxCharacters(maxLength),
    NoNulCharacter(),
  );
}

/** An optional finite number within bounds. */
export function OptionalNumber(min: number, max: number, doc: FieldDoc<number>): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: min, maximum: max, nullable: true, ...doc }),
    IsOptional(),
    // class-validator's own words ("must be a number conforming to the specified constraints") say nothing more.
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: ({ property }) => `${property} must be a number` }),
    Min(min),
    Max(max),
  );
}

/** An optional whole number within bounds (stored in a bigint column, so 1.5 is refused). */
export function OptionalInteger(min: number, max: number, doc: FieldDoc<number>): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: max, nullable: true, ...doc }),
    IsOptional(),
    IsInt(),
    Min(min),
    Max(max),
  );
}

/**
 * An optional Unix epoch timestamp: seconds or milliseconds, told apart by magnitude
 * (below 100,000,000,000 is seconds, i.e. before the year 5138).
 */
export function OptionalEpoch(doc: FieldDoc<number>): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: Number,
      nullable: true,
      minimum: 0,
      ...doc,
      description: `${doc.description} Unix epoch time in seconds or milliseconds; values below 100000000000 are read as seconds.`,
    }),
    IsOptional(),
    IsNumber(
      { allowNaN: false, allowInfinity: false },
      { message: ({ property }) => `${property} must be a number: Unix epoch time in seconds or milliseconds` },
    ),
    Min(0),
    Max(4102444800000, { message: ({ property }) => `${property} must be a Unix epoch in seconds or milliseconds before 2100` }),
  );
}

const isoDateMessage = (args?: { property: string }) => `${args?.property ?? 'value'} must be an ISO-8601 date such as 2026-03-14 or 2026-03-14T09:30:00Z`;

/** An optional ISO-8601 date or date-time string, in the calendar forms `parseIsoDate` reads. */
export function OptionalIsoDate(doc: FieldDoc<string>): PropertyDecorator {
  return applyDecorators(
    // No `format`: OpenAPI's date-time would refuse the plain dates accepted here.
    ApiPropertyOptional({
      type: String,
      nullable: true,
      ...doc,
      description: `${doc.description} ISO-8601 date or date-time (2026-03-14, 2026-03-14T09:30:00Z, 2026-03-14T09:30:00-05:00; a space may stand for the T). A date-time without an offset is read as UTC. An empty string counts as absent, as null does. No other format is accepted.`,
    }),
    TrimmedText(true),
    IsOptional(),
    IsISO8601({ strict: true }, { message: isoDateMessage }),
    ValidateBy({ name: 'isReadableIsoDate', validator: { validate: (v) => typeof v !== 'string' || isReadableIsoDate(v), defaultMessage: isoDateMessage } }),
  );
}

/** Normalises an epoch in seconds or milliseconds to a Date. */
export function epochToDate(value: number): Date {
  return new Date(value < 100_000_000_000 ? value * 1000 : value);
}
