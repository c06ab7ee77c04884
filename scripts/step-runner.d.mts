// Types of scripts/step-runner.mjs for its test; the script itself runs in plain Node.
export interface Step {
  name: string;
  command: string;
  args: string[];
  beside?: boolean;
}
export function commandLine(step: Step): string;
export function when(step: Step): string;
export function runSteps(
  steps: Step[],
  out?: { write: (text: string | Uint8Array) => void },
): Promise<number>;
