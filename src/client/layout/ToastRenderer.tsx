// Split point: the toast renderer (its transitions and styles) loads with the first toast.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
