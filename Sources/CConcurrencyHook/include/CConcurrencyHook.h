#ifndef HARK_CCONCURRENCYHOOK_H
#define HARK_CCONCURRENCYHOOK_H

/// The address of the Swift runtime's `swift_task_enqueueGlobal_hook`
/// variable (see GObjectKit's GlobalExecutor).
void **hark_enqueue_global_hook_slot (void);

#endif
