// A slot for the family's conversation inside another section's screen (an application, an inquiry): the screen
// says where, the app layer says what (the messages feature's panel), so neither feature imports the other.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** Whose conversation: an application's family, or an inquiry's sender. */
export type ConversationSlotProps = { applicationId: number } | { inquiryId: number };

const SlotContext = createContext<ComponentType<ConversationSlotProps> | null>(null);

/** Provided by a dashboard route around the section that shows the slot. */
export function ConversationSlotProvider({ panel, children }: { panel: ComponentType<ConversationSlotProps>; children: ReactNode }) {
  return <SlotContext.Provider value={panel}>{children}</SlotContext.Provider>;
}

/** Renders the provided panel, or nothing where none is provided. */
export function ConversationSlot(props: ConversationSlotProps) {
  const Panel = useContext(SlotContext);
  return Panel ? <Panel {...props} /> : null;
}
