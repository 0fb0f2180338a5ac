#pragma once
// libdispatch's hand-over of the main queue to a run loop of the program's own: the SPI swift-corelibs-foundation's
// CFRunLoop uses on Linux (private/private.h in swift-corelibs-libdispatch; no installed header declares it).
// The handle is an eventfd that libdispatch writes when the main queue gains work; the callback drains the queue
// on the calling thread, which must be the process's main thread. The callback does not clear the eventfd.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);
