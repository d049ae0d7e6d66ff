// Mantine's styles for the public pages beyond the home page's first view (mantine-first-view.ts): the
// components articles, the blog list, family trees, legal pages and the questionnaire use. The server
// writes this small sheet into such a page instead of linking Mantine's full one (a third of its size);
// a part that shows more imports its own. In Mantine's own order, like mantine-first-view.ts.
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Blockquote.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Mark.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Typography.layer.css';
