/**
 * The module screens' named widgets, cells, cards, actions and views, registered once (issue 13): x-screen
 * blocks refer to them by name. Heavy parts (the file space) load on first use.
 */
import './locales';
import './dict';
import './recycle';
import './task';
import './space';
import './plugin';
