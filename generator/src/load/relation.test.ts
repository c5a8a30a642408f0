import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SchemaErrors } from '../errors.js';
import { loadModel } from './loadModel.js';
import { buildOpenApi } from '../targets/openapi.js';

type Raw = Record<string, any>;

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const META = path.join(REPO, 'schemas', 'meta', 'entity.schema.json');
const S = 'https://json-schema.org/draft/2020-12/schema';
const L = (en: string) => ({ 'zh-cn': en, 'zh-tw': en, en });

const roots: string[] = [];
after(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

/** A team with members (lab/person) through lab/teamMember; `mutate` breaks one part of it. */
function files(mutate: (team: Raw, link: Raw) => void = () => {}): Record<string, Raw> {
  const person: Raw = {
    $schema: S, $id: 'lab/person', title: 'Person', type: 'object', 'x-label': L('Person'), 'x-table': 'lab_person', 'x-api': ['list'],
    properties: { name: { type: 'string', maxLength: 50, 'x-label': L('Name') } }, required: ['name'],
  };
  const link: Raw = {
    $schema: S, $id: 'lab/teamMember', title: 'Team member', type: 'object', 'x-label': L('Team member'), 'x-table': 'lab_team_member', 'x-api': [],
    properties: {
      teamId: { type: 'integer', 'x-ref': 'lab/team', 'x-label': L('Team') },
      personId: { type: 'integer', 'x-ref': 'lab/person', 'x-label': L('Person') },
    },
    required: ['teamId', 'personId'],
  };
  const team: Raw = {
    $schema: S, $id: 'lab/team', title: 'Team', type: 'object', 'x-label': L('Team'), 'x-table': 'lab_team', 'x-api': ['add', 'info'],
    properties: {
      name: { type: 'string', maxLength: 50, 'x-label': L('Name') },
      personIdList: {
        type: ['array', 'null'], items: { type: 'integer' }, uniqueItems: true, 'x-label': L('Members'),
        'x-relation': { through: 'lab/teamMember', self: 'teamId', other: 'personId' },
      },
    },
    required: ['name'],
  };
  mutate(team, link);
  return { 'lab/person.json': person, 'lab/team-member.json': link, 'lab/team.json': team };
}

function load(fileSet: Record<string, Raw>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'relation-'));
  roots.push(root);
  const schemas = path.join(root, 'schemas');
  fs.mkdirSync(path.join(schemas, 'meta'), { recursive: true });
  fs.copyFileSync(META, path.join(schemas, 'meta', 'entity.schema.json'));
  for (const [rel, doc] of Object.entries(fileSet)) {
    fs.mkdirSync(path.dirname(path.join(schemas, rel)), { recursive: true });
    fs.writeFileSync(path.join(schemas, rel), JSON.stringify(doc));
  }
  return loadModel(schemas, root);
}

function failures(fileSet: Record<string, Raw>): string[] {
  try {
    load(fileSet);
  } catch (err) {
    assert.ok(err instanceof SchemaErrors, String(err));
    return err.errors.map((e) => `${e.code} ${e.pointer}: ${e.message.slice(`${e.file}#${e.pointer}: `.length)}`);
  }
  assert.fail('expected schema errors');
}

describe('x-relation in the schema language', () => {
  it('carries the relation in the model, without a column of its own', () => {
    const team = load(files()).entities.find((e) => e.id === 'lab/team')!;
    assert.deepEqual(
      team.relations?.map((r) => ({ name: r.name, through: r.through, self: r.self, other: r.other, target: r.target, stored: r.stored })),
      [{ name: 'personIdList', through: 'lab/teamMember', self: 'teamId', other: 'personId', target: 'lab/person', stored: false }],
    );
    assert.equal(team.fields.some((f) => f.name === 'personIdList'), false, 'no column');
  });

  it('describes a relation without a column in the OpenAPI add and update bodies', () => {
    const doc = buildOpenApi(load(files())) as Record<string, any>;
    for (const name of ['LabTeamInput', 'LabTeamUpdate']) {
      const props = doc.components.schemas[name]?.properties;
      assert.deepEqual(props?.personIdList, { type: ['array', 'null'], items: { type: 'integer' }, uniqueItems: true, description: 'Members' }, name);
    }
    assert.equal('personIdList' in doc.components.schemas.LabTeam.properties, false, 'rows of page/list carry no such column');
  });

  it('keeps a JSON column when the relation is stored', () => {
    const team = load(files((t) => (t.properties.personIdList['x-relation'].stored = true))).entities.find((e) => e.id === 'lab/team')!;
    assert.equal(team.fields.find((f) => f.name === 'personIdList')?.type, 'json');
    assert.equal(team.relations?.[0]?.stored, true);
  });

  it('refuses a `through` that is not an entity with a table', () => {
    const errors = failures(files((t) => (t.properties.personIdList['x-relation'].through = 'lab/nothing')));
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /^InvalidRelation \/properties\/personIdList\/x-relation\/through: "lab\/nothing" is not the \$id of an entity with a table/);
  });

  it('refuses `self` or `other` that are not columns of the link entity', () => {
    const errors = failures(files((t) => Object.assign(t.properties.personIdList['x-relation'], { self: 'groupId', other: 'memberId' })));
    assert.deepEqual(errors.map((e) => e.split(':')[0]), ['UnknownField /properties/personIdList/x-relation/self', 'UnknownField /properties/personIdList/x-relation/other']);
    assert.match(errors[0]!, /"groupId" is not a property of lab\/teamMember/);
  });

  it('refuses an `other` column without x-ref, saying to add one', () => {
    const errors = failures(files((_t, link) => delete link.properties.personId['x-ref']));
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /^InvalidRelation \/properties\/personIdList\/x-relation\/other: "personId" of lab\/teamMember has no x-ref/);
  });

  it('refuses a relation property that is not a list of ids, or that is required', () => {
    const errors = failures(
      files((t) => {
        t.properties.personIdList.items = { type: 'string' };
        t.required.push('personIdList');
      }),
    );
    assert.ok(errors.some((e) => e.startsWith('InvalidRelation /properties/personIdList/type: an x-relation property is a list of ids')), errors.join('\n'));
    assert.ok(errors.some((e) => e.startsWith('InvalidRelation /properties/personIdList: an x-relation property cannot be required')), errors.join('\n'));
  });

  it('refuses an unknown key in x-relation (meta-schema)', () => {
    const errors = failures(files((t) => (t.properties.personIdList['x-relation'].via = 'x')));
    assert.ok(errors.some((e) => e.startsWith('MetaSchema /properties/personIdList/x-relation')), errors.join('\n'));
  });
});
