import { join } from 'node:path';
import ts from 'typescript';
import { EVENT_TYPES } from './any-event';
import { NOT_PERSONAL_FIELDS, PERSONAL_FIELDS } from './personal-fields';

/**
 * Every event type's data fields as the contracts declare them (the union AnyDomainEvent, read by the TypeScript
 * compiler), each with whether it can hold free text: a string, or strings within (arrays, nested objects). A field
 * typed as a fixed set of string literals (a shelf, a report reason) cannot.
 */
function eventContracts(): Map<string, Map<string, { freeText: boolean; plainString: boolean }>> {
  const file = join(__dirname, 'any-event.ts');
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const alias = source.statements.find((node): node is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(node) && node.name.text === 'AnyDomainEvent')!;
  const union = checker.getTypeAtLocation(alias.name);
  const holdsText = (type: ts.Type, seen = new Set<ts.Type>()): boolean => {
    if (seen.has(type)) return false;
    seen.add(type);
    if (type.flags & ts.TypeFlags.String) return true;
    if (type.isUnionOrIntersection()) return type.types.some((member) => holdsText(member, seen));
    if (type.flags & ts.TypeFlags.Object) {
      const element = checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0] : undefined;
      if (element) return holdsText(element, seen);
      return type.getProperties().some((property) => holdsText(checker.getTypeOfSymbol(property), seen));
    }
    return false;
  };
  const contracts = new Map<string, Map<string, { freeText: boolean; plainString: boolean }>>();
  for (const event of union.isUnion() ? union.types : [union]) {
    const type = checker.getTypeOfSymbol(event.getProperty('type')!);
    const name = type.isStringLiteral() ? type.value : String(type.flags);
    const fields = new Map<string, { freeText: boolean; plainString: boolean }>();
    for (const property of checker.getTypeOfSymbol(event.getProperty('data')!).getProperties()) {
      const fieldType = checker.getTypeOfSymbol(property);
      const plainString = [fieldType, ...(fieldType.isUnion() ? fieldType.types : [])].some((member) => (member.flags & ts.TypeFlags.String) !== 0);
      fields.set(property.name, { freeText: holdsText(fieldType), plainString });
    }
    contracts.set(name, fields);
  }
  return contracts;
}

describe('the personal fields of the event contracts', () => {
  const contracts = eventContracts();

  it('walks every event type the log can hold', () => {
    expect([...contracts.keys()].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('names every field that can hold text as personal or as not personal', () => {
    const unnamed = [...contracts].flatMap(([type, fields]) =>
      [...fields]
        .filter(([field, { freeText }]) => freeText && !(field in (PERSONAL_FIELDS[type]?.fields ?? {})) && !NOT_PERSONAL_FIELDS[type as keyof typeof NOT_PERSONAL_FIELDS]?.includes(field))
        .map(([field]) => `${type} ${field}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('lists as personal only string fields the event has (the seal takes whole strings), and none as both', () => {
    const wrong = Object.entries(PERSONAL_FIELDS).flatMap(([type, rule]) =>
      Object.keys(rule!.fields)
        .filter((field) => !contracts.get(type)?.get(field)?.plainString || NOT_PERSONAL_FIELDS[type as keyof typeof NOT_PERSONAL_FIELDS]?.includes(field))
        .map((field) => `${type} ${field}`),
    );
    expect(wrong).toEqual([]);
  });

  it('lists as not personal only fields the event has', () => {
    const stale = Object.entries(NOT_PERSONAL_FIELDS).flatMap(([type, fields]) => fields!.filter((field) => !contracts.get(type)?.has(field)).map((field) => `${type} ${field}`));
    expect(stale).toEqual([]);
  });

  it('seals the free text this check found unsealed: saved searches and a suspension reason', () => {
    expect(Object.keys(PERSONAL_FIELDS['library.search-preset-saved.v1']!.fields)).toEqual(['name', 'query']);
    expect(Object.keys(PERSONAL_FIELDS['library.search-preset-deleted.v1']!.fields)).toEqual(['name']);
    expect(Object.keys(PERSONAL_FIELDS['user.commenting-suspended.v1']!.fields)).toEqual(['reason']);
  });
});
