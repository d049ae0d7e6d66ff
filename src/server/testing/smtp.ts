// A real SMTP server process for any feature's mail tests, from the mail feature's helpers.
export { startSmtpServer, type TestSmtpServer, type ReceivedMail } from '../../features/mail/server/mail.test-helpers.ts';
