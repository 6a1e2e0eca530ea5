/** How a start script runs the server: its variables and Node's flags (server-start.mjs). */
export interface StartSettings {
  env: Record<string, string>;
  nodeArgs: string[];
}

export function startSettingsOf(script: string): StartSettings;
export function npmStartSettings(scriptName?: string): StartSettings;
export function settingsText(settings: StartSettings): string;
