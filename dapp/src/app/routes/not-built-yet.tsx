import { NotBuiltYet } from "../../components/not-built-yet";

export default NotBuiltYet;
