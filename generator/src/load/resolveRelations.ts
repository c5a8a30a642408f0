import { SchemaError } from '../errors.js';
import { checkCodingLane } from './codingLane.js';
import type { EntityModel } from '../model.js';

/** Cross-entity checks: unique ids and tables, x-ref and join targets, `alias.field` references. */
export function resolveRelations(entities: EntityModel[]): SchemaError[] {
  const errors: SchemaError[] = [];
  const byId = new Map<string, EntityModel>();
  const byTable = new Map<string, EntityModel>();
  for (const e of entities) {
    if (byId.has(e.id)) errors.push(new SchemaError('DuplicateId', e.file, '/$id', `"${e.id}" is also the $id of ${byId.get(e.id)?.file}`));
    byId.set(e.id, e);
    if (e.table) {
      const other = byTable.get(e.table);
      if (other) errors.push(new SchemaError('DuplicateTable', e.file, '/x-table', `"${e.table}" is also the table of ${other.file}`));
      byTable.set(e.table, e);
    }
  }
  for (const e of entities) {
    errors.push(...checkRelations(e, byId));
    errors.push(...checkCodingLane(e, byId, byTable));
    for (const f of e.fields) {
      if (f.ref && !byId.get(f.ref)?.table) {
        errors.push(new SchemaError('InvalidRelation', e.file, `/properties/${f.name}/x-ref`, `"${f.ref}" is not the $id of an entity with a table`));
      }
    }
    const aliases = new Map<string, EntityModel>();
    e.query.join.forEach((j, i) => {
      const target = byId.get(j.entity);
      if (!target?.table) {
        errors.push(new SchemaError('InvalidRelation', e.file, `/x-query/join/${i}/entity`, `"${j.entity}" is not the $id of an entity with a table`));
        return;
      }
      j.table = target.table;
      aliases.set(j.alias, target);
      for (const [out, col] of Object.entries(j.select)) {
        const field = target.fields.find((f) => f.name === col);
        if (!field) {
          errors.push(new SchemaError('UnknownField', e.file, `/x-query/join/${i}/select/${out}`, `"${col}" is not a property of ${j.entity}`));
        } else if (field.secret) {
          errors.push(new SchemaError('InvalidRelation', e.file, `/x-query/join/${i}/select/${out}`, `"${col}" of ${j.entity} is secret and cannot be selected`));
        }
        if (e.fields.some((f) => f.name === out)) {
          errors.push(new SchemaError('InvalidRelation', e.file, `/x-query/join/${i}/select/${out}`, `output "${out}" hides a property of this entity; pick another name`));
        }
      }
    });
    const refs: [string, string][] = [
      ...e.query.keyWordLikeFields.map((c, i): [string, string] => [c, `/x-query/keyWordLikeFields/${i}`]),
      ...e.query.fieldEq.map((f, i): [string, string] => [f.column, `/x-query/fieldEq/${i}`]),
      ...e.query.fieldLike.map((f, i): [string, string] => [f.column, `/x-query/fieldLike/${i}`]),
      ...e.query.fieldRange.map((f, i): [string, string] => [f.column, `/x-query/fieldRange/${i}`]),
      ...e.query.order.map((o, i): [string, string] => [o.column, `/x-query/order/${i}/column`]),
    ];
    for (const [column, ptr] of refs) {
      const [alias, name] = column.split('.') as [string, string];
      if (alias === 'a') continue;
      const target = aliases.get(alias);
      if (!target) errors.push(new SchemaError('InvalidRelation', e.file, ptr, `alias "${alias}" is not declared in x-query.join`));
      else if (!target.fields.some((f) => f.name === name && !f.secret)) {
        errors.push(new SchemaError('UnknownField', e.file, ptr, `"${name}" is not a readable property of ${target.id}`));
      }
    }
  }
  return errors;
}

/**
 * Each `x-relation`: the link entity exists with a table, `self` and `other` are its columns, and `other`
 * carries an x-ref, which names the linked entity (docs/kernel-and-modules.md, "Relations").
 */
function checkRelations(e: EntityModel, byId: Map<string, EntityModel>): SchemaError[] {
  const errors: SchemaError[] = [];
  for (const r of e.relations ?? []) {
    const ptr = `/properties/${r.name}/x-relation`;
    const link = byId.get(r.through);
    if (!link?.table) {
      errors.push(new SchemaError('InvalidRelation', e.file, `${ptr}/through`, `"${r.through}" is not the $id of an entity with a table`));
      continue;
    }
    const self = link.fields.find((f) => f.name === r.self);
    const other = link.fields.find((f) => f.name === r.other);
    if (!self) errors.push(new SchemaError('UnknownField', e.file, `${ptr}/self`, `"${r.self}" is not a property of ${r.through}`));
    if (!other) errors.push(new SchemaError('UnknownField', e.file, `${ptr}/other`, `"${r.other}" is not a property of ${r.through}`));
    else if (!other.ref) errors.push(new SchemaError('InvalidRelation', e.file, `${ptr}/other`, `"${r.other}" of ${r.through} has no x-ref: give it one naming the linked entity`));
    else r.target = other.ref;
    if (self && r.self === r.other) errors.push(new SchemaError('InvalidRelation', e.file, `${ptr}/other`, '"self" and "other" must be two columns'));
  }
  return errors;
}
