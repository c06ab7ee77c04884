// Where the workspace lives unless WORKSPACE_DIR or --workspace says otherwise.
export const DEFAULT_WORKSPACE_DIR = '.data/workspace';
