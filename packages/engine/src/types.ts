/** Output sizes of the spec: square, portrait, landscape. */
export type OutputSize = '1024x1024' | '1024x1536' | '1536x1024';

/** A rectangle in the pixels of the image it belongs to (template pixels for templates). */
export type Box = { x: number; y: number; width: number; height: number };

/** Replace the words `toReplace` in the template by `replacement`. An empty `toReplace` is ignored. */
export type TextReplacement = { toReplace: string; replacement: string };

/** A word the OCR read in a template, with its box and colours (hex `#rrggbb`). */
export type TemplateWord = {
  text: string;
  box: Box;
  /** Line index, so that phrases are matched only across words of one line. */
  line: number;
  confidence: number;
  textColor: string;
  backgroundColor: string;
};

/** What `analyzeTemplate` computes once per template; plain JSON the app can store. */
export type TemplateAnalysis = {
  version: 1;
  width: number;
  height: number;
  words: TemplateWord[];
  /** The main object found in the template, or null when nothing stands out. */
  productBox: Box | null;
  /** Mean colour of the template, a hint of the scene's light. */
  meanColor: string;
};

/** A product cut out of its photo: PNG with alpha, cropped to the product. */
export type ProductCutOut = {
  png: Uint8Array;
  /** Where the cut-out sits in the uploaded photo. */
  box: Box;
  /**
   * How the mask was found: the photo's own alpha, the segmentation model, or GrabCut against the
   * photo's border (when the model could not run).
   */
  method: 'alpha' | 'model' | 'grabcut';
};

/**
 * A product mask: a PNG whose bright or opaque pixels are the product. Recorded with a template,
 * it is where the old product is, and the engine still grows it over the product's edge and
 * shadow. `painted`: a person painted it in the editor, so exactly its pixels are removed -
 * nothing grown around it, no shadow band, no parts guessed beyond it.
 */
export type ProductMask = { png: Uint8Array; painted?: boolean };

/** A phrase recorded with a template (a catalogue's texts): one box around all its words. */
export type RecordedText = { text: string; box: Box };

export type SwapRequest = {
  template: Uint8Array;
  product: Uint8Array;
  /** A cut-out from `cutOutProduct`, so a product seen before costs nothing to cut out again. */
  productCutOut?: ProductCutOut;
  /** The template's product box (recorded or adjusted by the user), in template pixels. */
  productBox?: Box;
  /**
   * Where the new product goes, in template pixels, and its turn in degrees (clockwise); absent,
   * it stands where the old one stood. The product fits inside as large as it can, standing on
   * the box's floor, centred: an editor can preview exactly that.
   */
  placement?: { box: Box; rotation?: number };
  productMask?: ProductMask;
  /** A stored result of `analyzeTemplate` for this template. */
  analysis?: TemplateAnalysis;
  /**
   * The saliency model's map of this template (PNG), as an earlier swap returned it in
   * `GenerationResult.templateSaliency`: given, the swap skips the model's run on the template.
   */
  templateSaliency?: Uint8Array;
  /**
   * The template's words as recorded with it, used when no `analysis` is given: replacements
   * find them without reading the image, and the ad's copy is known to keep.
   */
  recordedText?: RecordedText[];
  /**
   * The ad's words and the two regions. `false`: every word is kept out of the removal and stays
   * in front of the new product. `true`: words in the regions go with the old product and the new
   * one may cover them. Absent: words printed on the old product go with it, the rest is kept.
   */
  includeText?: boolean;
  /** At most 5; entries with an empty `toReplace` are ignored. */
  replacements?: TextReplacement[];
  size: OutputSize;
};

export type ChatRequest = {
  prompt: string;
  /** At most 3 reference images. */
  references?: Uint8Array[];
  size: OutputSize;
  /** 0 or absent for the first image; a Regenerate asks for the next one (another layout). */
  variation?: number;
};

export type GenerationStep =
  | 'decode'
  | 'cut-out'
  | 'analyze'
  | 'frame'
  | 'remove-product'
  | 'replace-words'
  | 'place-product'
  | 'compose'
  | 'request'
  | 'encode';

export type GenerationContext = {
  signal?: AbortSignal;
  /** Called when a step starts; with `ms` when it ended. */
  onStep?: (step: { name: GenerationStep; ms?: number }) => void;
  /** Partial images (PNG), when the provider streams them. */
  onPreview?: (png: Uint8Array) => void;
};

export type GenerationResult = {
  /** PNG at exactly the requested output size. */
  png: Uint8Array;
  /** Human-readable remark, e.g. which parts of a chat prompt the local engine understood. */
  note?: string;
  /**
   * Which part of the template (template pixels, possibly past its edges) became the image: a
   * before/after can frame the template exactly as the result (local swaps).
   */
  frame?: { crop: Box };
  /**
   * The saliency model's map of the template (PNG) when the swap had to make it: the app stores
   * it with the template and passes it as `SwapRequest.templateSaliency` next time (local swaps).
   */
  templateSaliency?: Uint8Array;
};

export type ImageProvider = {
  readonly name: 'local' | 'openai' | 'gemini';
  swap(request: SwapRequest, context?: GenerationContext): Promise<GenerationResult>;
  chat(request: ChatRequest, context?: GenerationContext): Promise<GenerationResult>;
};

export type OpenAiConfig = {
  apiKey: string;
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
  /** Retries the SDK makes on 429 and 5xx; 0 lets the app decide. */
  maxRetries?: number;
};

export type GeminiConfig = {
  apiKey: string;
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
};

export type ProviderConfig = {
  provider?: 'local' | 'openai' | 'gemini';
  openai?: OpenAiConfig;
  gemini?: GeminiConfig;
};
