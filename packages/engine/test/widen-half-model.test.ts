import { describe, expect, it } from 'vitest';
import { ort } from '../src/ml/onnx-session.js';
import { widenHalfModel } from '../src/ml/widen-half-model.js';

// A tiny float16 ONNX model written field by field (onnx.proto's numbers), so the test does not
// depend on a converter: y = Cast<float16>((x + w) * c), with `w` stored as raw_data, `c` as a
// Constant node whose values sit in int32_data, and every declared type float16.
const FLOAT16 = 10;

function varint(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value % 128) | 0x80);
    value = Math.floor(value / 128);
  }
  return [...bytes, value];
}
const number = (field: number, value: number) => [...varint(field * 8), ...varint(value)];
const bytes = (field: number, payload: number[] | Uint8Array) => [
  ...varint(field * 8 + 2),
  ...varint(payload.length),
  ...payload,
];
const text = (field: number, value: string) => bytes(field, [...Buffer.from(value, 'utf8')]);

/** float16 bits of values that float16 holds exactly. */
const HALF: Record<number, number> = { 0.5: 0x3800, [-2]: 0xc000, 1024: 0x6400, 3: 0x4200 };

function halfTensor(name: string, values: number[], storage: 'raw' | 'int32') {
  const halves = values.map((value) => HALF[value]!);
  const data =
    storage === 'raw'
      ? bytes(9, [...new Uint8Array(Uint16Array.from(halves).buffer)])
      : bytes(5, halves.flatMap(varint));
  return [...number(1, values.length), ...number(2, FLOAT16), ...text(8, name), ...data];
}

function halfValueInfo(name: string) {
  const shape = bytes(2, bytes(1, number(1, 3))); // TensorShapeProto { dim { dim_value: 3 } }
  return [...text(1, name), ...bytes(2, bytes(1, [...number(1, FLOAT16), ...shape]))];
}

function node(op: string, inputs: string[], outputs: string[], attributes: number[][] = []) {
  return [
    ...inputs.flatMap((input) => text(1, input)),
    ...outputs.flatMap((output) => text(2, output)),
    ...text(4, op),
    ...attributes.flatMap((attribute) => bytes(5, attribute)),
  ];
}

function tinyHalfModel(): Uint8Array {
  const constant = node(
    'Constant',
    [],
    ['c'],
    [[...text(1, 'value'), ...bytes(5, halfTensor('c', [3, 3, 3], 'int32')), ...number(20, 4)]],
  );
  const graph = [
    ...bytes(1, constant),
    ...bytes(1, node('Add', ['x', 'w'], ['sum'])),
    ...bytes(1, node('Mul', ['sum', 'c'], ['product'])),
    ...bytes(
      1,
      node(
        'Cast',
        ['product'],
        ['y'],
        [[...text(1, 'to'), ...number(3, FLOAT16), ...number(20, 2)]],
      ),
    ),
    ...text(2, 'tiny'),
    ...bytes(5, halfTensor('w', [0.5, -2, 1024], 'raw')),
    ...bytes(11, halfValueInfo('x')),
    ...bytes(12, halfValueInfo('y')),
  ];
  const opset = [...text(1, ''), ...number(2, 13)];
  return Uint8Array.from([...number(1, 8), ...bytes(8, opset), ...bytes(7, graph)]);
}

describe('widenHalfModel', () => {
  it('turns a float16 model into a float32 one that computes the same', async () => {
    const session = await ort.InferenceSession.create(widenHalfModel(tinyHalfModel()));
    expect(session.inputMetadata[0]).toMatchObject({ type: 'float32' });
    const x = new ort.Tensor('float32', Float32Array.from([1, 2, 0.25]), [3]);
    const { y } = await session.run({ x });
    expect(y!.type).toBe('float32');
    // (x + w) * c with w = [0.5, -2, 1024] and c = 3.
    expect([...(y!.data as Float32Array)]).toEqual([4.5, 0, 3072.75]);
  });

  it('leaves a float32 model as it is', () => {
    const widened = widenHalfModel(tinyHalfModel());
    expect(Buffer.from(widenHalfModel(widened)).equals(Buffer.from(widened))).toBe(true);
  });

  it('refuses bytes that are not a protobuf message', () => {
    expect(() => widenHalfModel(Uint8Array.from([0x0b, 0x01]))).toThrow(/wire type/);
  });
});
