/** The named widgets of the module screens, registered on import beside the built-in ones (widgets.tsx). */
import './CheckTree';
import './PermsWidget';
import './RefsWidget';
import './RegionWidget';
