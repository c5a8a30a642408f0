import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseServiceCall, serviceKey, TaskHandlerRegistry } from './handlers.js';

describe('task service names', () => {
  it('takes a bean, a method and an optional JSON argument apart', () => {
    assert.deepEqual(parseServiceCall('taskDemoService.test()'), { key: 'taskDemoService.test', hasArg: false });
    assert.deepEqual(parseServiceCall(' taskDemoService.test '), { key: 'taskDemoService.test', hasArg: false });
    assert.deepEqual(parseServiceCall('taskDemoService.test([1,2])'), { key: 'taskDemoService.test', hasArg: true, arg: [1, 2] });
    assert.deepEqual(parseServiceCall('a.b({"x": "(y)"})'), { key: 'a.b', hasArg: true, arg: { x: '(y)' } });
  });

  it('refuses anything else: paths, chains, code, non-JSON arguments', () => {
    for (const bad of ['taskDemoService', 'a.b.c()', 'a.b()()x', 'require("fs").rm()', 'a.b([1,', 'a.b(undefined)', 'a.b(x => x)', '', '.b()']) {
      assert.equal(parseServiceCall(bad), undefined, bad);
      assert.equal(serviceKey(bad), undefined, bad);
    }
  });

  it('resolves only what was registered, whatever the argument', () => {
    const registry = new TaskHandlerRegistry();
    const handler = () => 'ok';
    registry.register('demo.run()', handler);
    assert.equal(registry.resolve('demo.run'), handler);
    assert.equal(registry.resolve('demo.run([1])'), handler);
    assert.equal(registry.resolve('demo.other()'), undefined);
    assert.throws(() => registry.register('demo.run', () => 1, 'somePlugin'), /already registered by core/);
    registry.register('plug.go', handler, 'somePlugin');
    registry.unregisterOwner('somePlugin');
    assert.equal(registry.resolve('plug.go'), undefined);
    assert.deepEqual(registry.keys(), ['demo.run']);
  });
});
