// A complete questionnaire for any feature's tests that need an application, from the applications feature's fixtures.
export { ANSWERS } from '../../features/applications/server/applications.test-fixtures.ts';
