/** The version of the session format (files, storage, links); newer ones are refused with a reason. */
export const SESSION_FORMAT_VERSION = 1;

/** What a session file says it is, so any other JSON is told apart at once. */
export const SESSION_FILE_KIND = 'tool-playground-session';
