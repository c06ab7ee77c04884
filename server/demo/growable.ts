// Append-only typed arrays: the generator never holds one JS object per location.

export type NumericArray =
  Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Int16Array | Uint8Array;

type Ctor<A extends NumericArray> = new (length: number) => A;

export class Growable<A extends NumericArray> {
  private data: A;
  length = 0;

  constructor(
    private readonly ctor: Ctor<A>,
    initial = 1024,
  ) {
    this.data = new ctor(Math.max(16, initial));
  }

  push(value: number): number {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length] = value;
    return this.length++;
  }

  get(i: number): number {
    return this.data[i] as number;
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  private grow(min: number): void {
    const next = new this.ctor(Math.max(min, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }

  /** A right-sized copy; the builder can be dropped afterwards. */
  toArray(): A {
    const out = new this.ctor(this.length);
    out.set(this.data.subarray(0, this.length));
    return out;
  }
}

export const growF64 = (n?: number) => new Growable(Float64Array, n);
export const growU32 = (n?: number) => new Growable(Uint32Array, n);
export const growI32 = (n?: number) => new Growable(Int32Array, n);
export const growU16 = (n?: number) => new Growable(Uint16Array, n);
export const growI16 = (n?: number) => new Growable(Int16Array, n);
export const growU8 = (n?: number) => new Growable(Uint8Array, n);
