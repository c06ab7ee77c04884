import { useCapabilities } from '../queries/use-capabilities';
import { fabricAttribution } from './attribution';

/** The attribution of the sources drawn from the backend's fabric, fixed and change tiles. */
export function useFabricAttribution(): string {
  return fabricAttribution(useCapabilities().data);
}
