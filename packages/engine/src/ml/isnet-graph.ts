/**
 * The ISNet graph as shipped is traced at 1024x1024: its input has fixed sides, and each of its 39
 * upsampling steps (Resize) takes its output size from a constant recorded at that side. This
 * rewrites the graph's bytes so that one session runs at any side that is a multiple of 64 (every
 * level of the network's pyramid then halves exactly, as at 1024): the input's sides become free,
 * and each upsampling scales by its recorded factor (2, 4, ... the recorded size over its input's
 * recorded size) instead of to a recorded size.
 *
 * At 1024 the results are not bit for bit those of the fixed graph: with the sides unknown when
 * the session is made, the runtime fuses and casts a few steps otherwise, and the probabilities
 * differ by at most 5e-4 (a pixel of the 8-bit map moves by one level at most, rarely).
 *
 * Only the few fields that change are decoded; the rest (the weights) is copied as it is. Field
 * numbers are those of onnx.proto (ModelProto.graph 7; GraphProto node 1, input 11, output 12,
 * value_info 13; NodeProto input 1, output 2, op_type 4, attribute 5; AttributeProto t 5;
 * TensorProto dims 1, data_type 2, int64_data 7, name 8, raw_data 9).
 */

type Field = { field: number; wire: number; start: number; payload: number; end: number };

const WIRE_VARINT = 0;
const WIRE_64 = 1;
const WIRE_BYTES = 2;
const WIRE_32 = 5;
const FLOAT = 1;
const INT64 = 7;

function readVarint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[at++]!;
    value += (byte & 0x7f) * scale;
    if (!(byte & 0x80)) return [value, at];
    scale *= 128;
  }
}

function fieldsOf(bytes: Uint8Array, start = 0, end = bytes.length): Field[] {
  const fields: Field[] = [];
  let at = start;
  while (at < end) {
    const fieldStart = at;
    const [key, next] = readVarint(bytes, at);
    at = next;
    const wire = key & 7;
    const field = Math.floor(key / 8);
    let payload = at;
    if (wire === WIRE_VARINT) at = readVarint(bytes, at)[1];
    else if (wire === WIRE_64) at += 8;
    else if (wire === WIRE_32) at += 4;
    else if (wire === WIRE_BYTES) {
      const [length, afterLength] = readVarint(bytes, at);
      payload = afterLength;
      at = afterLength + length;
    } else throw new Error(`The ISNet graph has an unknown protobuf wire type ${wire}.`);
    fields.push({ field, wire, start: fieldStart, payload, end: at });
  }
  if (at !== end) throw new Error('The ISNet graph ends inside a protobuf field.');
  return fields;
}

const text = (bytes: Uint8Array, field: Field) =>
  new TextDecoder().decode(bytes.subarray(field.payload, field.end));

function varint(value: number): number[] {
  const out: number[] = [];
  while (value >= 0x80) {
    out.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  out.push(value);
  return out;
}

/** A length-delimited field: its key, its length and the payload parts. */
function message(field: number, parts: Uint8Array[]): Uint8Array[] {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return [Uint8Array.from([...varint(field * 8 + WIRE_BYTES), ...varint(length)]), ...parts];
}

const stringField = (field: number, value: string) =>
  message(field, [new TextEncoder().encode(value)]);
const varintField = (field: number, value: number) =>
  Uint8Array.from([...varint(field * 8 + WIRE_VARINT), ...varint(value)]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** ValueInfoProto of a tensor: its element type and, when given, its dims (number or name). */
function tensorInfo(
  key: number,
  name: string,
  elementType: number,
  dims?: (number | string)[],
): Uint8Array[] {
  const dimParts = (dims ?? []).flatMap((dim) =>
    message(1, typeof dim === 'number' ? [varintField(1, dim)] : stringField(2, dim)),
  );
  const tensorType = [varintField(1, elementType), ...(dims ? message(2, dimParts) : [])];
  return message(key, [
    ...stringField(1, name),
    ...message(2, message(1, tensorType)),
  ]);
}

const field = { graph: 7, node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;

type Node = { field: Field; inputs: string[]; outputs: string[]; op: string; attributes: Field[] };

function readNode(bytes: Uint8Array, node: Field): Node {
  const parsed: Node = { field: node, inputs: [], outputs: [], op: '', attributes: [] };
  for (const part of fieldsOf(bytes, node.payload, node.end)) {
    if (part.field === 1) parsed.inputs.push(text(bytes, part));
    else if (part.field === 2) parsed.outputs.push(text(bytes, part));
    else if (part.field === 4) parsed.op = text(bytes, part);
    else if (part.field === 5) parsed.attributes.push(part);
  }
  return parsed;
}

/** The int64 values of a Constant node's `value` tensor. */
function constantInt64s(bytes: Uint8Array, node: Node): number[] | null {
  for (const attribute of node.attributes) {
    const tensor = fieldsOf(bytes, attribute.payload, attribute.end).find((f) => f.field === 5);
    if (!tensor) continue;
    const parts = fieldsOf(bytes, tensor.payload, tensor.end);
    const type = parts.find((f) => f.field === 2);
    if (!type || readVarint(bytes, type.payload)[0] !== INT64) return null;
    const raw = parts.find((f) => f.field === 9);
    if (raw) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + raw.payload, raw.end - raw.payload);
      return Array.from({ length: view.byteLength / 8 }, (_, i) =>
        Number(view.getBigInt64(i * 8, true)),
      );
    }
    const values: number[] = [];
    for (const part of parts.filter((f) => f.field === 7)) {
      if (part.wire === WIRE_VARINT) values.push(readVarint(bytes, part.payload)[0]);
      else for (let at = part.payload; at < part.end; ) {
        const [value, next] = readVarint(bytes, at);
        values.push(value);
        at = next;
      }
    }
    return values;
  }
  return null;
}

/** The spatial dims (height, width) of each tensor whose recorded shape has four dims. */
function recordedSides(bytes: Uint8Array, graph: Field[]): Map<string, [number, number]> {
  const sides = new Map<string, [number, number]>();
  for (const info of graph.filter((f) => f.field === field.valueInfo)) {
    const parts = fieldsOf(bytes, info.payload, info.end);
    const name = parts.find((f) => f.field === 1);
    const type = parts.find((f) => f.field === 2);
    if (!name || !type) continue;
    const tensor = fieldsOf(bytes, type.payload, type.end).find((f) => f.field === 1);
    const shape = tensor && fieldsOf(bytes, tensor.payload, tensor.end).find((f) => f.field === 2);
    if (!shape) continue;
    const dims = fieldsOf(bytes, shape.payload, shape.end)
      .filter((f) => f.field === 1)
      .map((dim) => {
        const value = fieldsOf(bytes, dim.payload, dim.end).find((f) => f.field === 1);
        return value ? readVarint(bytes, value.payload)[0] : NaN;
      });
    if (dims.length === 4) sides.set(text(bytes, name), [dims[2]!, dims[3]!]);
  }
  return sides;
}

/** TensorProto of a float vector, as an initializer. */
function floatInitializer(name: string, values: number[]): Uint8Array[] {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  values.forEach((value, i) => view.setFloat32(i * 4, value, true));
  return message(field.initializer, [
    varintField(1, values.length),
    varintField(2, FLOAT),
    ...stringField(8, name),
    ...message(9, [raw]),
  ]);
}

/**
 * The graph with free input sides (see the file's comment): each Resize(X, roi, scales, sizes)
 * whose sizes are [batch and channels of X, recorded height and width] takes the recorded
 * factor as its scales instead. Throws when the graph is not the one this was written for.
 */
export function freeTheInputSide(model: Uint8Array): Uint8Array {
  const top = fieldsOf(model);
  const graphField = top.find((f) => f.field === field.graph);
  if (!graphField) throw new Error('The ISNet model has no graph.');
  const graph = fieldsOf(model, graphField.payload, graphField.end);
  const nodes = graph.filter((f) => f.field === field.node).map((f) => readNode(model, f));
  const producer = new Map<string, Node>();
  const consumers = new Map<string, Node[]>();
  for (const node of nodes) {
    for (const name of node.outputs) producer.set(name, node);
    for (const name of node.inputs) {
      if (!consumers.has(name)) consumers.set(name, []);
      consumers.get(name)!.push(node);
    }
  }
  const sides = recordedSides(model, graph);
  const removed = new Set<Field>();
  const rewritten = new Map<Field, Uint8Array[]>();
  const initializers: Uint8Array[] = [];
  for (const resize of nodes) {
    if (resize.op !== 'Resize') continue;
    const [source, roi = '', scales = '', sizes = ''] = resize.inputs;
    const concat = producer.get(sizes);
    const constant = concat?.op === 'Concat' ? producer.get(concat.inputs[1] ?? '') : undefined;
    const recorded = constant?.op === 'Constant' ? constantInt64s(model, constant) : null;
    const from = sides.get(source!);
    if (!concat || !constant || !recorded || recorded.length !== 2 || !from || scales !== '') {
      throw new Error(`The ISNet graph's ${resize.outputs[0]} is not an upsampling it knows.`);
    }
    if ((consumers.get(sizes) ?? []).length !== 1) {
      throw new Error(`The ISNet graph's sizes ${sizes} feed more than one step.`);
    }
    const factor = [recorded[0]! / from[0], recorded[1]! / from[1]];
    if (!factor.every((f) => Number.isInteger(f) && f >= 1)) {
      throw new Error(`The ISNet graph's ${resize.outputs[0]} scales by ${factor.join('x')}.`);
    }
    const scalesName = `${resize.outputs[0]}_scales`;
    initializers.push(...floatInitializer(scalesName, [1, 1, factor[0]!, factor[1]!]));
    // The node anew: its inputs (source, roi, scales, no sizes), then its other fields as they were.
    const parts = [source!, roi, scalesName].flatMap((name) => stringField(1, name));
    for (const part of fieldsOf(model, resize.field.payload, resize.field.end)) {
      if (part.field !== 1) parts.push(model.subarray(part.start, part.end));
    }
    rewritten.set(resize.field, message(field.node, parts));
    // The sizes' own steps are left with no reader.
    removed.add(concat.field);
    if ((consumers.get(constant.outputs[0]!) ?? []).length === 1) removed.add(constant.field);
  }
  if (rewritten.size === 0) throw new Error('The ISNet graph has no upsampling steps.');

  const parts: Uint8Array[] = [];
  for (const part of graph) {
    if (removed.has(part)) continue;
    // Shapes recorded along the graph are those at 1024: the runtime infers them anew.
    if (part.field === field.valueInfo) continue;
    const node = rewritten.get(part);
    if (node) {
      parts.push(...node);
      continue;
    }
    if (part.field === field.input || part.field === field.output) {
      const info = fieldsOf(model, part.payload, part.end);
      const name = text(model, info.find((f) => f.field === 1)!);
      if (part.field === field.input) {
        if (name !== 'input') throw new Error(`The ISNet graph has an unknown input ${name}.`);
        parts.push(...tensorInfo(field.input, name, FLOAT, [1, 3, 'height', 'width']));
      } else {
        // Its shape left out: the runtime infers it.
        parts.push(...tensorInfo(field.output, name, FLOAT));
      }
      continue;
    }
    parts.push(model.subarray(part.start, part.end));
  }
  parts.push(...initializers);
  // One copy of the weights, straight into the new model.
  const out: Uint8Array[] = [];
  for (const part of top) {
    if (part === graphField) out.push(...message(field.graph, parts));
    else out.push(model.subarray(part.start, part.end));
  }
  return concat(out);
}
