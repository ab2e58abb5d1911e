import type { ComponentType } from 'react';

/** One guide's lazy module: its content, and whether it shows the reader's connection values. */
export interface GuideModule {
  default: ComponentType;
  /** Show the "Your connection values" panel above the steps. */
  usesValues: boolean;
}
