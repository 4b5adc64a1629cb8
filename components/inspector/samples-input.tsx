'use client';

/** The spinbutton `Samples`: how many times to sample, a whole number from 1 to `max`. */
export function SamplesInput({
  count,
  max,
  onChange,
}: {
  count: number;
  max: number;
  onChange: (count: number) => void;
}) {
  return (
    <label className="flex items-center gap-1">
      Samples
      <input
        type="number"
        className="control w-16"
        min={1}
        max={max}
        value={count}
        onChange={(event) => onChange(Math.min(max, Math.max(1, Math.round(Number(event.target.value) || 1))))}
      />
    </label>
  );
}
