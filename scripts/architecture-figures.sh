#!/bin/bash
# `bash scripts/architecture-figures.sh [DIR]`: the server-architecture figures of docs/kernel-and-modules.md
# (overridden generic routes, name literals, casts, generated volume, kernel → module imports, the kernel/module
# figures of scripts/architectureFigures.ts) for a checkout; VERBOSE=1 lists the kernel/module figures.
cd "${1:-.}"
src=$(find runtime-server/src -name '*.ts' ! -name '*.test.ts' ! -path '*/generated/*' ! -path '*/testing/*')
echo "hand-written server lines: $(cat $src | wc -l)"
echo "as casts: $(grep -ohE '\bas (unknown|[A-Z][A-Za-z<>\[\]]*|\{|number|string|boolean|never|Record|const)' $src | grep -v 'as const' | wc -l)"
tables=$(python3 -c "
import json;m=json.load(open('runtime-server/src/generated/model.json'));print('|'.join(sorted({e['table'] for e in m['entities'] if e.get('table')})))")
ids=$(python3 -c "
import json;m=json.load(open('runtime-server/src/generated/model.json'));print('|'.join(sorted({e['id'] for e in m['entities']})))")
echo "table literals: $(grep -ohE "'($tables)'" $src $(find scripts -name '*.ts' ! -name '*.test.ts') | wc -l)"
echo "entity-id literals: $(grep -ohE "'($ids)'" $src $(find scripts -name '*.ts' ! -name '*.test.ts') | wc -l)"
python3 -c "
import json;m=json.load(open('runtime-server/src/generated/model.json'))
gen=('add','delete','update','info','list','page')
print('overridden generic routes:', sum(1 for e in m['entities'] for a in e['actions'] if a['name'] in gen and a.get('handler')), 'of', sum(1 for e in m['entities'] for a in e['actions'] if a['name'] in gen))"
n=$(python3 -c "import json;print(len(json.load(open('runtime-server/src/generated/model.json'))['entities']))")
g=$(cat runtime-server/src/generated/* | wc -l)
echo "generated lines: $g, per entity $((g / n)) ($n entities)"
echo "kernel files importing modules/: $(grep -lE "from '(\.\./)+modules/" $(find runtime-server/src -name '*.ts' ! -name '*.test.ts' ! -path '*/generated/*' ! -path '*/modules/*' ! -path '*/testing/*' ! -name start.ts ! -name parts.ts) 2>/dev/null | wc -l)"
echo "largest hand-written server files (lines): $(wc -l $src | sort -rn | sed -n '2,4p' | awk '{sub("runtime-server/src/","",$2); printf "%s %s; ", $2, $1}')"
echo "README words: $(wc -w < README.md)"
# Kernel and modules (issue 40, part 2): kernel files naming module tables, AppServices members, import cycles, module
# keys in kernel locales (scripts/architectureFigures.ts; `-v` lists them).
node --import tsx scripts/architectureFigures.ts . ${VERBOSE:+-v}
