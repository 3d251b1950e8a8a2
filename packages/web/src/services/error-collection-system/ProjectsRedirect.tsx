import { Navigate } from 'react-router';
import { PROJECTS_PATH } from './errors-api.ts';

/** /error-collection-system: the projects (spec 000 §2). */
export default function ProjectsRedirect() {
  return <Navigate to={PROJECTS_PATH} replace />;
}
