/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the central account service (register, activation, removal, recovery); '' = same origin. */
  readonly VITE_CENTRAL_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
