export { LeaveGuardProvider, useRegisterDirtyCheck } from './LeaveGuardProvider';
export { useLeaveGuard, stableJson, type LeaveGuard } from './useLeaveGuard';
