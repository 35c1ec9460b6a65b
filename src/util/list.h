/* list.h -- doubly linked lists threaded through their nodes' own prev and next. */
#ifndef STAMPBOOK_LIST_H
#define STAMPBOOK_LIST_H

/* Put node (its prev unset: NULL) first in the list whose first node is head. */
#define LIST_PUSH(head, node)                                                                      \
    do {                                                                                           \
        (node)->next = (head);                                                                     \
        if (head)                                                                                  \
            (head)->prev = (node);                                                                 \
        (head) = (node);                                                                           \
    } while (0)

/* Take node out of the list whose first node is head (an lvalue): node's neighbours,
 * or head, point past it; node's own links are left as they were. */
#define LIST_UNLINK(head, node)                                                                    \
    do {                                                                                           \
        if ((node)->prev)                                                                          \
            (node)->prev->next = (node)->next;                                                     \
        else                                                                                       \
            (head) = (node)->next;                                                                 \
        if ((node)->next)                                                                          \
            (node)->next->prev = (node)->prev;                                                     \
    } while (0)

#endif
