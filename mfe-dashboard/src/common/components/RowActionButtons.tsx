import { Button, DeleteIcon, EditIcon } from '@mui/material';

interface RowActionButtonProps {
  /** The listing's title or name, for the button's accessible name ('Edit {name}'). */
  name: string;
  onClick: () => void;
}

/** A row's 'Edit' button (accessible name 'Edit {name}'). */
export function EditButton({ name, onClick }: RowActionButtonProps) {
  return (
    <Button size="small" startIcon={<EditIcon />} onClick={onClick} aria-label={`Edit ${name}`}>
      Edit
    </Button>
  );
}

/** A row's red 'Delete' button (accessible name 'Delete {name}'); it opens a confirmation. */
export function DeleteButton({ name, onClick }: RowActionButtonProps) {
  return (
    <Button
      size="small"
      color="error"
      startIcon={<DeleteIcon />}
      onClick={onClick}
      aria-label={`Delete ${name}`}
    >
      Delete
    </Button>
  );
}
