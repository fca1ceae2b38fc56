import { useSearchParams } from 'react-router';
import { TestConfigEditor, TestConfigList } from '../../features/academy/test-config';
import { useViewFocus } from '../route-focus';

/** /testconfig lists the staff member's tests; /testconfig?test=<id> opens one. */
export function TestConfigPage() {
  const [params, setParams] = useSearchParams();
  const testId = Number(params.get('test'));
  useViewFocus(params.get('test') ?? '');
  if (Number.isInteger(testId) && testId > 0) return <TestConfigEditor key={testId} testId={testId} onBack={() => setParams({})} />;
  return <TestConfigList onOpen={(id) => setParams({ test: String(id) })} />;
}
