import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Validate, ValidateNested, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { compileAcceptance } from './compiled-validation';

class Simple {
  @IsString() @MaxLength(3) name: string;
  @IsOptional() @IsInt() count?: number;
}

class Nested {
  @ValidateNested() @Type(() => Simple) inner: Simple;
}

@ValidatorConstraint({ async: true })
class Eventually implements ValidatorConstraintInterface {
  validate(): Promise<boolean> {
    return Promise.resolve(true);
  }
}
class WithAsync {
  @Validate(Eventually) name: string;
}

@ValidatorConstraint()
class Throws implements ValidatorConstraintInterface {
  validate(): boolean {
    throw new Error('boom');
  }
}
class WithThrowing {
  @Validate(Throws) name: string;
}

describe('compileAcceptance', () => {
  const accepts = compileAcceptance(Simple);

  it('accepts what class-validator accepts and strips undeclared properties', () => {
    const dto = plainToInstance(Simple, { name: 'abc', extra: 1 });
    expect(accepts(dto)).toBe(true);
    expect(dto).not.toHaveProperty('extra');
    expect(accepts(plainToInstance(Simple, { name: 'abc', count: null }))).toBe(true);
  });

  it('does not accept what class-validator rejects', () => {
    expect(accepts(plainToInstance(Simple, { name: 'abcd' }))).toBe(false);
    expect(accepts(plainToInstance(Simple, { name: 'abc', count: 1.5 }))).toBe(false);
    expect(accepts(plainToInstance(Simple, {}))).toBe(false);
  });

  it('refuses to compile what it does not mirror: nested and async validation', () => {
    expect(() => compileAcceptance(Nested)).toThrow(/nestedValidation/);
    expect(() => compileAcceptance(WithAsync)).toThrow(/async/);
  });

  it('counts a constraint that throws as not certainly valid', () => {
    expect(compileAcceptance(WithThrowing)(plainToInstance(WithThrowing, { name: 'x' }))).toBe(false);
  });
});
