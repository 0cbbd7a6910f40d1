// A catalogue imported by the app: the Lingui Vite plugin compiles the PO file into its messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
