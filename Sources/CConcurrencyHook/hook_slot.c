#include "CConcurrencyHook.h"

/* Defined by the Swift runtime (a function pointer; only its address is
 * used here). Found by the linker, not by dlsym(): with
 * --static-swift-stdlib, as scripts/install and the Flatpak build Hark,
 * the runtime's symbols are not in the executable's dynamic symbol table,
 * so dlsym (NULL, …) found nothing, the hook stayed unset and the
 * installed Hark woke up once a second while idle. */
extern void *swift_task_enqueueGlobal_hook;

void **
hark_enqueue_global_hook_slot (void)
{
  return &swift_task_enqueueGlobal_hook;
}
