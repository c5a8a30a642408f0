#!/bin/bash
# `bash scripts/console-figures.sh [DIR]`: the console-architecture figures of issue 40 §3 for a checkout:
# the largest React components (lines from `function X(` / `observer(function X(` to the next top-level one),
# the useState count of the largest, controller assemblies (`new CrudStore(` outside tests) and module-global
# registries (top-level `new Map`/`new Set` in crud-view).
cd "${1:-.}"
web=runtime-web/src
python3 - "$web" <<'PY'
import os, re, sys
root = sys.argv[1]
start = re.compile(r'^(?:export\s+)?(?:default\s+)?(?:const\s+(\w+)\s*=\s*(?:observer\()?(?:memo\()?function\s*\w*\s*\(|function\s+([A-Z]\w*)\s*\()')
comps = []
for d, _, fs in os.walk(root):
    for f in fs:
        if not f.endswith('.tsx'): continue
        p = os.path.join(d, f); lines = open(p).read().split('\n')
        cur = None
        def close(end):
            if cur: comps.append((end - cur[1], cur[0], os.path.relpath(p, root), '\n'.join(lines[cur[1]:end])))
        for i, l in enumerate(lines):
            m = start.match(l)
            if m and (m.group(1) or m.group(2))[0].isupper():
                close(i); cur = ((m.group(1) or m.group(2)), i)
            elif cur and re.match(r'^(export |const |function |/\*\*)', l):
                close(i); cur = None
        close(len(lines))
comps.sort(reverse=True)
print('largest components (lines):')
for n, name, p, body in comps[:8]:
    print(f'  {n:4d}  {name}  ({p}, useState ×{len(re.findall(r"useState[<(]", body))})')
print('components over 150 lines:', sum(1 for c in comps if c[0] > 150))
PY
echo "controller assemblies (new CrudStore outside tests): $(grep -rl 'new CrudStore(' $web --include=*.ts --include=*.tsx | grep -v '\.test\.ts' | grep -v /testing/ | wc -l)"
echo "module-global registries (top-level Map/Set in crud-view): $(grep -rhE '^(export )?const \w+ = new (Map|Set)' $web/crud-view | wc -l)"
echo "side-effect imports of screens/modules: $(grep -rhE "^import '\./(screens|modules)';" $web | wc -l)"
